import { describe, expect, it } from 'vitest'
import { ageOn, birthDateForAge, isValidIsoDate } from './dates'

describe('age', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-06-15', now)).toBe(18)
    expect(ageOn('2008-06-16', now)).toBe(17)
    expect(ageOn('1990-01-01', now)).toBe(36)
  })
  it('gives the latest birth date for an age', () => {
    expect(birthDateForAge(18, now)).toBe('2008-06-15')
    expect(ageOn(birthDateForAge(18, now), now)).toBe(18)
  })
  it('rejects impossible dates', () => {
    expect(isValidIsoDate('2001-02-29')).toBe(false)
    expect(isValidIsoDate('2000-02-29')).toBe(true)
    expect(isValidIsoDate('15-06-2000')).toBe(false)
    expect(isValidIsoDate('1850-01-01')).toBe(false)
  })
})
