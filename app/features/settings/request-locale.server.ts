import type { AppLoadContext } from 'react-router'
import { getSettings } from './settings.server'
import { parseCookies } from '#app/lib/cookies'
import { catalogs, type Messages } from '#app/i18n/catalogs.server'
import { LOCALE_COOKIE, type Locale } from '#app/i18n/locales'
import { resolveLocale } from '#app/i18n/resolve-locale'
import { localeOfDomain } from '#app/features/visitors/domain-locale'

/** The locale of a request (spec section 4) and the one catalog the page needs. */
export async function requestLocale(request: Request, context: AppLoadContext): Promise<{ locale: Locale; messages: Messages }> {
  const settings = await getSettings()
  const locale = resolveLocale({
    cookie: parseCookies(request.headers.get('cookie'))[LOCALE_COOKIE],
    accountLanguage: context.viewer?.language,
    // A locale domain (setting locale_domains) speaks its own language; other hosts the setting domain_language.
    domainLanguage: localeOfDomain(request.headers.get('host'), settings.locale_domains) ?? settings.domain_language,
  })
  return { locale, messages: catalogs[locale] }
}
