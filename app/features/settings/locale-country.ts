import type { Locale } from '#app/i18n/locales'

/** The country each language stands for when nothing better is known (signup and pricing defaults). */
export const localeCountry: Record<Locale, string> = {
  en: 'GB',
  nl: 'NL',
  de: 'DE',
  it: 'IT',
  fr: 'FR',
  es: 'ES',
  pl: 'PL',
  da: 'DK',
  fi: 'FI',
  nb: 'NO',
  sv: 'SE',
}
