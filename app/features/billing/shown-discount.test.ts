import { afterEach, describe, expect, it, vi } from 'vitest'
import { defaultSettings } from '#app/features/settings/defaults'
import type * as DiscountsModule from './discounts.server'
import type { MemberBilling } from './member-billing.server'

type Discounts = typeof DiscountsModule

// The discount's lookup fails (a lost connection, a broken row): the pages that show prices must not fail with it.
vi.mock('./discounts.server', async (original) => ({
  ...(await original<Discounts>()),
  activeDiscount: vi.fn(() => Promise.reject(new Error('connection lost'))),
}))

const member: MemberBilling = {
  userId: 1,
  paidUser: false,
  credits: 0,
  signupDate: new Date(),
  country: 'NL',
  currency: 'EUR',
  vatPercent: 21,
}

afterEach(() => vi.restoreAllMocks())

describe('a discount that cannot be loaded', () => {
  it('is left out: the offers show full prices instead of failing', async () => {
    const { offersFor } = await import('./offers.server')
    const r = await offersFor(member, defaultSettings)
    expect(r.discount).toBeNull()
    expect(r.bundles.length).toBeGreaterThan(0)
    expect(r.bundles.every((b) => b.discountedMinor === b.priceMinor)).toBe(true)
  })
})
