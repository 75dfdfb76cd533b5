import { renderToStaticMarkup } from 'react-dom/server'
import { IntlProvider } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '#app/i18n/locales/en.json'
import { FictionalBadge, FictionalLegend, FictionalWarning } from './fictional-badge'

const site = (fictionalIcon: string) => ({ fictionalIcon, fictionalWarning: 'Not a real member', fictionalSingular: 'Fictional' })
const render = (el: React.ReactElement) => renderToStaticMarkup(<IntlProvider locale="en">{el}</IntlProvider>)

describe('FictionalBadge', () => {
  it('shows the icon the setting names', () => {
    expect(render(<FictionalBadge site={site('stars')} />)).toContain('data-icon="stars"')
    expect(render(<FictionalWarning site={site('stars')} />)).toContain('data-icon="stars"')
  })

  it('shows the default icon for a stored name the sprite lacks', () => {
    for (const stored of ['robot', '', '<script>']) {
      const html = render(<FictionalBadge site={site(stored)} />) + render(<FictionalWarning site={site(stored)} />)
      expect(html.match(/data-icon="([^"]+)"/g)).toEqual(['data-icon="person-badge"', 'data-icon="person-badge"'])
    }
  })
})

describe('FictionalLegend', () => {
  const withMessages = (el: React.ReactElement) =>
    renderToStaticMarkup(
      <IntlProvider locale="en" messages={en}>
        {el}
      </IntlProvider>,
    )

  it("names several fictional profiles with the settings' plural, and the catalog's when none is set", () => {
    expect(withMessages(<FictionalLegend site={{ ...site('stars'), fictionalPlural: 'Made-up profiles' }} />)).toContain(
      'Made-up profiles on this page are marked with this sign.',
    )
    const fallback = withMessages(<FictionalLegend site={{ ...site('stars'), fictionalPlural: null }} />)
    expect(fallback).toContain('Fictional profiles on this page are marked with this sign.')
    expect(fallback).toContain('data-icon="stars"')
  })
})
