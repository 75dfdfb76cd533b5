import { describe, expect, it } from 'vitest'
import { relativeUnit } from './relative-time'

describe('relativeUnit', () => {
  it('chooses the unit by size', () => {
    expect(relativeUnit(-30_000)).toEqual({ value: -30, unit: 'second' })
    expect(relativeUnit(-5 * 60_000)).toEqual({ value: -5, unit: 'minute' })
    expect(relativeUnit(-3 * 3600_000)).toEqual({ value: -3, unit: 'hour' })
    expect(relativeUnit(-2 * 86400_000)).toEqual({ value: -2, unit: 'day' })
  })
})
