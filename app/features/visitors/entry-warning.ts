/** The countries where the chat, lander and empty layouts show the entry warning (spec sections 2 and 9). */
export const restrictedEntryWarningCountries = ['NL', 'DE'] as const

/** The cookie that holds when the visitor closed the warning (spec section 2: "closing stores a skipped timestamp"). */
export const ENTRY_WARNING_COOKIE = 'entry_warning_skipped'
export const ENTRY_WARNING_COOKIE_MAX_AGE = 365 * 24 * 3600

export type EntryWarningScope = 'all' | 'restricted'

/**
 * Spec section 2: the 'Important information' warning shows to logged-out visitors who have not skipped it, when
 * `enable_site_entry_popup` is not 'no' and the visitor's country is in the optional list
 * (`site_entry_popup_countries`, empty for everyone). The chat, lander and empty layouts limit it further to NL
 * and DE. Installed-app mode is known only in the browser, which checks it before showing the warning.
 */
export function entryWarningScopes(input: {
  loggedIn: boolean
  skipped: boolean
  enabled: string
  countries: readonly string[]
  country: string | null
}): Record<EntryWarningScope, boolean> {
  const eligible =
    !input.loggedIn &&
    !input.skipped &&
    input.enabled !== 'no' &&
    (input.countries.length === 0 || (input.country !== null && input.countries.includes(input.country)))
  return {
    all: eligible,
    restricted: eligible && input.country !== null && (restrictedEntryWarningCountries as readonly string[]).includes(input.country),
  }
}
