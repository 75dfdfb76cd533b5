import { countryOfIp } from '#app/adapters/geoip/country-by-ip.server'
import type { Settings } from '#app/features/settings/defaults'
import { localeCountry } from '#app/features/settings/locale-country'
import type { Locale } from '#app/i18n/locales'
import { parseCookies } from '#app/lib/cookies'
import { localeOfDomain } from '#app/i18n/domain-locale'
import { ENTRY_WARNING_COOKIE, entryWarningScopes } from './entry-warning'

/**
 * The visitor's country (setting geoip_country of a request): from their IP address by the offline database, or
 * the stored geoip_country setting when the address tells nothing (loopback, private networks).
 */
export function visitorCountry(context: { clientIp: string }, settings: Pick<Settings, 'geoip_country'>): string | null {
  return countryOfIp(context.clientIp) ?? settings.geoip_country ?? null
}

/**
 * Setting geoip_selected_country: the country the site preselects (signup, search, pricing) for a visitor: their
 * own when the site serves it, else the country of their language, else the first served country.
 */
export function selectedCountry(country: string | null, locale: Locale | null, served: readonly string[]): string | null {
  if (country && served.includes(country)) return country
  const byLocale = locale ? localeCountry[locale] : undefined
  if (byLocale && served.includes(byLocale)) return byLocale
  return served[0] ?? null
}

/**
 * The settings as one request sees them (GET /api/settings.php): the visitor's country and preselected country,
 * and the domain language of the domain asked for (`_force_domain`, else the request's host) by `locale_domains`.
 */
export function settingsForRequest(settings: Settings, input: { country: string | null; host: string | null; locale?: Locale | null }): Settings {
  const domainLocale = localeOfDomain(input.host, settings.locale_domains)
  const locale = input.locale ?? domainLocale
  return {
    ...settings,
    domain: domainLocale ? (input.host ?? settings.domain) : settings.domain,
    domain_language: domainLocale ? `${domainLocale}-${localeCountry[domainLocale]}` : settings.domain_language,
    geoip_country: input.country,
    geoip_selected_country: selectedCountry(input.country, locale, settings.countries),
  }
}

/** Where the entry warning shows for a visitor with this Cookie header (app/features/visitors/entry-warning.ts). */
export function entryWarningFor(visitor: { cookie: string | null; loggedIn: boolean }, settings: Settings, country: string | null) {
  return entryWarningScopes({
    loggedIn: visitor.loggedIn,
    skipped: !!parseCookies(visitor.cookie)[ENTRY_WARNING_COOKIE],
    enabled: String(settings.enable_site_entry_popup),
    countries: settings.site_entry_popup_countries,
    country,
  })
}
