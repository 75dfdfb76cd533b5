import { locales, type Locale } from '#app/i18n/locales'

/** Spec section 9, locale visibility by country: the languages the dropdown offers a visitor from that country. */
export const localesByCountry: Record<string, readonly Locale[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
}

/**
 * The languages of the dropdown: those visible in the visitor's country plus the current one, in the catalog's
 * order. A visitor whose country is unknown or not in the table sees them all.
 */
export function dropdownLocales(country: string | null, current: Locale): Locale[] {
  const visible = country ? localesByCountry[country] : undefined
  if (!visible) return [...locales]
  return locales.filter((l) => l === current || visible.includes(l))
}
