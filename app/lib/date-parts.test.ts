import { describe, expect, it } from 'vitest'
import { datePartOrder, isoFromParts, monthNames, partsOfIso } from './date-parts'

describe('date parts', () => {
  it('orders day, month and year as each language writes a date', () => {
    for (const locale of ['de', 'nl', 'fr', 'it', 'es', 'pl', 'da', 'fi', 'nb', 'sv']) expect(datePartOrder(locale), locale).toEqual(['day', 'month', 'year'])
    expect(datePartOrder('en')).toEqual(['month', 'day', 'year'])
  })

  it("names the months in the member's language", () => {
    expect(monthNames('de')[2]).toBe('März')
    expect(monthNames('fr')[0]).toBe('janvier')
    expect(monthNames('en')).toHaveLength(12)
  })

  it('makes an ISO date of complete parts only, and splits one back', () => {
    expect(isoFromParts('4', '3', '1990')).toBe('1990-03-04')
    expect(isoFromParts('', '3', '1990')).toBe('')
    expect(isoFromParts('4', '3', '90')).toBe('')
    expect(isoFromParts('4<', '3', '1990')).toBe('')
    expect(partsOfIso('1990-03-04')).toEqual({ year: '1990', month: '3', day: '4' })
    expect(partsOfIso('')).toEqual({ year: '', month: '', day: '' })
  })
})
