import { renderToStaticMarkup } from 'react-dom/server'
import { IntlProvider } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { FictionalBadge, FictionalWarning } from './fictional-badge'

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
