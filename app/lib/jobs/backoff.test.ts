import { describe, expect, it } from 'vitest'
import { periodStart, retryDelayMs } from './backoff'

describe('retry delays', () => {
  it('double from 2 s and stop growing at an hour', () => {
    const mid = () => 0.5
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, mid))).toEqual([2000, 4000, 8000, 16000])
    expect(retryDelayMs(30, mid)).toBe(3600_000)
  })

  it('spread by at most 20 % either way', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1600)
    expect(retryDelayMs(1, () => 1)).toBe(2400)
  })

  it('place a moment in its period', () => {
    expect(periodStart(3_600_000 * 5 + 123, 3_600_000)).toBe(3_600_000 * 5)
    expect(periodStart(59_999, 60_000)).toBe(0)
  })
})
