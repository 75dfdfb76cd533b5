import { describe, expect, it } from 'vitest'
import { formatCountdown, hoursLeft } from './countdown'

describe('formatCountdown', () => {
  it('pads hours, minutes and seconds to two digits', () => {
    expect(formatCountdown(4 * 3600_000)).toBe('04:00:00')
    expect(formatCountdown(3 * 3600_000 + 5 * 60_000 + 9_000 + 999)).toBe('03:05:09')
  })
  it('stops at zero', () => {
    expect(formatCountdown(-5000)).toBe('00:00:00')
  })
})

describe('hoursLeft', () => {
  it('rounds up to whole hours and never goes below 0', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(hoursLeft('2026-01-01T10:30:00Z', now)).toBe(11)
    expect(hoursLeft('2025-12-31T10:30:00Z', now)).toBe(0)
  })
})
