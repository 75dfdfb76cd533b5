import { describe, expect, it } from 'vitest'
import { creditsBadgeVariant } from './top-nav'

describe('the credits badge (spec section 2)', () => {
  it('shows for paying members at 10 credits or fewer: amber above 0, red at 0', () => {
    expect(creditsBadgeVariant({ paidUser: true, credits: 11 })).toBeNull()
    expect(creditsBadgeVariant({ paidUser: true, credits: 10 })).toBe('warning')
    expect(creditsBadgeVariant({ paidUser: true, credits: 1 })).toBe('warning')
    expect(creditsBadgeVariant({ paidUser: true, credits: 0 })).toBe('danger')
    expect(creditsBadgeVariant({ paidUser: false, credits: 0 })).toBeNull()
  })
})
