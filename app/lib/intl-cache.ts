// Intl objects are costly to make (about 30 µs each, against 1 µs to use one) and the same for every render in a
// language: a page of 24 profile cards made 24 region-name tables per request (issue 26, the render). Made once per
// language and options, kept for the process (eleven languages, a handful of currencies).
const regions = new Map<string, Intl.DisplayNames>()
const money = new Map<string, Intl.NumberFormat>()

/** Country names in `locale` ("Niederlande" for NL in German). */
export function regionNamesFor(locale: string): Intl.DisplayNames {
  let names = regions.get(locale)
  if (!names) regions.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })))
  return names
}

/** A currency format in `locale` ("€ 9,99"). */
export function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let format = money.get(key)
  if (!format) money.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })))
  return format
}
