import { defaultLocale, isLocale, type Locale } from './locales'

/**
 * Spec section 4: the cookie wins, then the logged-in account's language, then the first two letters of the
 * setting domain_language when they name a supported locale, else English.
 */
export function resolveLocale(input: { cookie?: string | null; accountLanguage?: string | null; domainLanguage?: string | null }): Locale {
  if (isLocale(input.cookie)) return input.cookie
  if (isLocale(input.accountLanguage)) return input.accountLanguage
  const fromDomain = input.domainLanguage?.slice(0, 2).toLowerCase()
  if (isLocale(fromDomain)) return fromDomain
  return defaultLocale
}
