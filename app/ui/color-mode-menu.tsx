import { FormattedMessage, useIntl } from 'react-intl'
import { Form, useLocation } from 'react-router'
import { colorModes, type ColorMode } from '#app/lib/color-mode'
import { Icon } from './icon'
import type { IconName } from './icon-names'

const icons: Record<ColorMode, IconName> = { auto: 'circle-half', light: 'sun', dark: 'moon' }
const labels: Record<ColorMode, string> = { auto: 'nav.colorModeAuto', light: 'nav.colorModeLight', dark: 'nav.colorModeDark' }

/**
 * Light, dark or as the device prefers, in the account menu (issue 27): three buttons of one form, the current one
 * pressed. The choice is kept on the account (POST /color-mode) and comes back to this page.
 */
export function ColorModeMenu({ mode }: { mode: ColorMode }) {
  const intl = useIntl()
  const location = useLocation()
  const label = intl.formatMessage({ id: 'nav.colorMode' })
  return (
    <Form method="post" action="/color-mode" className="px-3 py-2" aria-label={label} data-testid="color-mode-menu">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div className="small text-body-secondary mb-1" aria-hidden="true">
        {label}
      </div>
      <div className="d-flex gap-1">
        {colorModes.map((m) => (
          <button
            key={m}
            type="submit"
            name="mode"
            value={m}
            className={`btn btn-sm flex-fill text-nowrap ${m === mode ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={m === mode}
          >
            <Icon name={icons[m]} className="me-1" />
            <FormattedMessage id={labels[m]} />
          </button>
        ))}
      </div>
    </Form>
  )
}
