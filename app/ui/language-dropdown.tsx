import { useIntl } from 'react-intl'
import { Form, useLocation } from 'react-router'
import { localeNames, locales, type Locale } from '#app/i18n/locales'
import { Icon } from '#app/ui/icon'

/**
 * The language dropdown: a <details> menu of submit buttons, so it works without JavaScript. The action at
 * /lang-config sets the cookie and, when logged in, saves the language on the account. It offers the languages
 * visible in the visitor's country plus the current one (spec section 9; app/features/visitors).
 */
export function LanguageDropdown({ current, available = locales }: { current: Locale; available?: readonly Locale[] }) {
  const intl = useIntl()
  const location = useLocation()
  return (
    <details className="lang-menu position-relative">
      {/* The name is "Language EN": it contains the visible code, so voice control finds it by what it shows. */}
      <summary className="btn btn-outline-dark btn-sm text-nowrap">
        <Icon name="translate" className="me-1" />
        <span className="visually-hidden">{intl.formatMessage({ id: 'nav.language' })} </span>
        {current.toUpperCase()}
      </summary>
      <Form method="post" action="/lang-config" className="lang-menu-list dropdown-menu shadow" reloadDocument>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {available.map((l) => (
          <button
            key={l}
            type="submit"
            name="language"
            value={l}
            lang={l}
            className={`dropdown-item${l === current ? ' active' : ''}`}
            aria-current={l === current ? 'true' : undefined}
          >
            {localeNames[l]}
          </button>
        ))}
      </Form>
    </details>
  )
}
