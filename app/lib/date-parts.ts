/** The parts of a date a person picks, in the order their language writes them (issue 27: not mm/dd/yyyy for all). */
export type DatePart = 'day' | 'month' | 'year'

export function datePartOrder(locale: string): DatePart[] {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(new Date(Date.UTC(2000, 10, 22)))
  const order = parts.map((p) => p.type).filter((t): t is DatePart => t === 'day' || t === 'month' || t === 'year')
  return order.length === 3 ? order : ['day', 'month', 'year']
}

/** The month names of a language, January first, as a date picker lists them. */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' })
  return Array.from({ length: 12 }, (_, m) => format.format(new Date(Date.UTC(2000, m, 1))))
}

/** "1990-03-04" from its picked parts, or '' while one is missing (the schema then says what is wrong). */
export function isoFromParts(day: string, month: string, year: string): string {
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return ''
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/** The picked parts of an ISO date ("" each where there is none). */
export function partsOfIso(iso: string | undefined | null): Record<DatePart, string> {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '')
  return m ? { year: m[1], month: String(Number(m[2])), day: String(Number(m[3])) } : { year: '', month: '', day: '' }
}
