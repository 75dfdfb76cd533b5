import { locales, type Locale } from '#app/i18n/locales'

/** The host of a domain setting value ("nl.example.com", "https://nl.example.com/"), lower case, without port. */
function hostOf(domain: string): string {
  const d = domain.trim().toLowerCase()
  try {
    return new URL(/^https?:\/\//.test(d) ? d : `http://${d}`).hostname
  } catch {
    return ''
  }
}

/** The locale whose domain (setting `locale_domains`: locale → domain) is this host, or null. */
export function localeOfDomain(host: string | null | undefined, localeDomains: Record<string, string> | null | undefined): Locale | null {
  if (!host || !localeDomains) return null
  const wanted = hostOf(host)
  if (!wanted) return null
  return locales.find((l) => typeof localeDomains[l] === 'string' && hostOf(localeDomains[l]) === wanted) ?? null
}
