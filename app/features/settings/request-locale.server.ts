import { getSettings } from './settings.server'
import type { Settings } from './defaults'
import { parseCookies } from '#app/lib/cookies'
import { catalogs, type Messages } from '#app/i18n/catalogs.server'
import { LOCALE_COOKIE, type Locale } from '#app/i18n/locales'
import { resolveLocale } from '#app/i18n/resolve-locale'
import { localeOfDomain } from '#app/i18n/domain-locale'

/**
 * The locale of a request (spec section 4) from its parts (the Cookie and Host headers, the member's language) and
 * the one catalog the page needs. Routes call it through app/routes/-helpers/request-locale.server.ts.
 */
export async function localeAndMessages(req: {
  cookie: string | null
  host: string | null
  accountLanguage?: string | null
}): Promise<{ locale: Locale; messages: Messages }> {
  const locale = localeOfRequest(req, await getSettings())
  return { locale, messages: catalogs[locale] }
}

/** The locale alone, for handlers outside React Router (server/http-app.server.ts). */
export function localeOfRequest(
  req: { cookie: string | null; host: string | null; accountLanguage?: string | null },
  settings: Pick<Settings, 'locale_domains' | 'domain_language'>,
): Locale {
  return resolveLocale({
    cookie: parseCookies(req.cookie)[LOCALE_COOKIE],
    accountLanguage: req.accountLanguage,
    // A locale domain (setting locale_domains) speaks its own language; other hosts the setting domain_language.
    domainLanguage: localeOfDomain(req.host, settings.locale_domains) ?? settings.domain_language,
  })
}
