import type { AppLoadContext } from 'react-router'
import { getSettings } from './settings.server'
import type { Settings } from './defaults'
import { parseCookies } from '#app/lib/cookies'
import { catalogs, type Messages } from '#app/i18n/catalogs.server'
import { LOCALE_COOKIE, type Locale } from '#app/i18n/locales'
import { resolveLocale } from '#app/i18n/resolve-locale'
import { localeOfDomain } from '#app/i18n/domain-locale'

/** The locale of a request (spec section 4) and the one catalog the page needs. */
export async function requestLocale(request: Request, context: AppLoadContext): Promise<{ locale: Locale; messages: Messages }> {
  const settings = await getSettings()
  const locale = localeOfRequest({ cookie: request.headers.get('cookie'), host: request.headers.get('host'), accountLanguage: context.viewer?.language }, settings)
  return { locale, messages: catalogs[locale] }
}

/** The same from the request's parts, for handlers outside React Router (server/http-app.server.ts). */
export function localeOfRequest(req: { cookie: string | null; host: string | null; accountLanguage?: string | null }, settings: Pick<Settings, 'locale_domains' | 'domain_language'>): Locale {
  return resolveLocale({
    cookie: parseCookies(req.cookie)[LOCALE_COOKIE],
    accountLanguage: req.accountLanguage,
    // A locale domain (setting locale_domains) speaks its own language; other hosts the setting domain_language.
    domainLanguage: localeOfDomain(req.host, settings.locale_domains) ?? settings.domain_language,
  })
}
