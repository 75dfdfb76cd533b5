import { describe, expect, it } from 'vitest'
import { formatBadgeCount } from './count-badge'

describe('formatBadgeCount', () => {
  it('caps at 99+', () => {
    expect(formatBadgeCount(5)).toBe('5')
    expect(formatBadgeCount(99)).toBe('99')
    expect(formatBadgeCount(100)).toBe('99+')
  })
})
