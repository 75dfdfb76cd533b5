import { createIntl, createIntlCache, type IntlShape } from 'react-intl'
import { catalogs } from './catalogs.server'
import type { Locale } from './locales'

const cache = createIntlCache()
const intls = new Map<Locale, IntlShape>()

/** Formats catalog messages outside React (API errors, e-mails), with the same catalogs as the pages. */
export function serverIntl(locale: Locale): IntlShape {
  let intl = intls.get(locale)
  if (!intl) {
    intl = createIntl({ locale, messages: catalogs[locale], defaultLocale: 'en' }, cache)
    intls.set(locale, intl)
  }
  return intl
}
