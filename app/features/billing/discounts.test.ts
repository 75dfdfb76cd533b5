import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { companyInfo, discountCodes, discountRedemptions, payments, users } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { activeDiscount, checkDiscount, grantRetentionDiscount, timeBonusFor } from './discounts.server'
import { memberBilling } from './member-billing.server'

useTestDatabase()

const HOUR = 3600_000

async function member(opts: { signupHoursAgo?: number; paid?: boolean; country?: string } = {}) {
  const m = await createMember({ country: opts.country ?? 'NL' })
  await db()
    .update(users)
    .set({ signupDate: new Date(Date.now() - (opts.signupHoursAgo ?? 0) * HOUR), paidUser: !!opts.paid })
    .where(eq(users.id, m.userId))
  return (await memberBilling(m.userId))!
}

describe('discount codes', () => {
  it('checks a code against the rules of spec section 5', async () => {
    const m = await member()
    await db()
      .insert(discountCodes)
      .values([
        { code: 'MIN20', percentage: 10, minimumOrderMinor: 2000 },
        { code: 'ONLYDE', percentage: 10, country: 'DE' },
        { code: 'GBP', percentage: 10, currency: 'GBP' },
        { code: 'OLD', percentage: 10, expiresAt: new Date(Date.now() - 1000) },
        { code: 'PAYPAL', percentage: 10, paymentMethods: ['paypal'] },
        { code: 'OFF', percentage: 10, status: 'disabled' },
      ])
    expect(await checkDiscount({ code: 'nope', member: m })).toEqual({ ok: false, error: 'not_found' })
    // Typed codes with characters no code has are not looked up (a NUL byte failed the query: npm run scan).
    expect(await checkDiscount({ code: 'nope\u0000', member: m })).toEqual({ ok: false, error: 'not_found' })
    expect(await checkDiscount({ code: "x' or '1'='1", member: m })).toEqual({ ok: false, error: 'not_found' })
    expect(await checkDiscount({ code: 'off', member: m })).toEqual({ ok: false, error: 'not_found' })
    expect(await checkDiscount({ code: 'min20', member: m, orderMinor: 1999 })).toEqual({ ok: false, error: 'minimum', minimumMinor: 2000, currency: 'EUR' })
    expect(await checkDiscount({ code: 'min20', member: m, orderMinor: 2000 })).toMatchObject({ ok: true, discount: { percentage: 10 } })
    expect(await checkDiscount({ code: 'ONLYDE', member: m })).toEqual({ ok: false, error: 'country' })
    expect(await checkDiscount({ code: 'GBP', member: m })).toEqual({ ok: false, error: 'country' })
    expect(await checkDiscount({ code: 'OLD', member: m })).toEqual({ ok: false, error: 'expired' })
    expect(await checkDiscount({ code: 'PAYPAL', member: m, method: 'ideal' })).toEqual({ ok: false, error: 'method' })
    expect(await checkDiscount({ code: 'PAYPAL', member: m, method: 'paypal' })).toMatchObject({ ok: true })
  })

  it('keeps a personal code to its owner', async () => {
    const owner = await member()
    const other = await member()
    await db().insert(discountCodes).values({ code: 'MINE', percentage: 30, userId: owner.userId })
    expect(await checkDiscount({ code: 'MINE', member: other })).toEqual({ ok: false, error: 'not_found' })
    expect(await checkDiscount({ code: 'MINE', member: owner })).toMatchObject({ ok: true })
  })

  it('gives the time bonus to unpaid members in their first 4 hours, then the welcome discount', async () => {
    const s = await getSettings()
    const fresh = await member({ signupHoursAgo: 1 })
    expect(await activeDiscount(fresh)).toMatchObject({ code: 'TIMEBONUS25', kind: 'time_bonus', percentage: 25 })
    const bonus = await timeBonusFor(fresh, s)
    expect(Date.parse(bonus!.endsAt) - fresh.signupDate.getTime()).toBe(4 * HOUR)

    const later = await member({ signupHoursAgo: 5 })
    expect(await timeBonusFor(later, s)).toBeNull()
    expect(await checkDiscount({ code: 'TIMEBONUS25', member: later })).toEqual({ ok: false, error: 'expired' })
    expect(await activeDiscount(later)).toMatchObject({ code: 'WELCOME25', kind: 'welcome' })

    const old = await member({ signupHoursAgo: s.welcome_discount_hours + 1 })
    expect(await activeDiscount(old)).toBeNull()

    const paid = await member({ signupHoursAgo: 1, paid: true })
    expect(await timeBonusFor(paid, s)).toBeNull()
    expect(await checkDiscount({ code: 'WELCOME25', member: paid })).toEqual({ ok: false, error: 'not_found' })
    expect(await activeDiscount(paid)).toBeNull()
  })

  it('grants the retention offer once, as a personal code with the company percentage', async () => {
    await db().update(companyInfo).set({ deleteDiscount: 40 })
    const m = await member({ paid: true })
    const first = await grantRetentionDiscount(m.userId)
    expect(first).toMatchObject({ percentage: 40, code: expect.stringMatching(/^STAY-/) })
    expect(await grantRetentionDiscount(m.userId)).toEqual(first)
    expect(await activeDiscount(m)).toMatchObject({ code: first!.code, kind: 'retention', percentage: 40 })
  })

  it('never grants a second retention code, however often the offer is posted (also at once)', async () => {
    await db().update(companyInfo).set({ deleteDiscount: 40 })
    const m = await member({ paid: true })
    const asks = await Promise.all(Array.from({ length: 5 }, () => grantRetentionDiscount(m.userId)))
    expect(new Set(asks.map((a) => a?.code)).size).toBe(1)
    // The code is used: asking again gives no fresh one.
    const [code] = await db().select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, asks[0]!.code))
    const [payment] = await db()
      .insert(payments)
      .values({
        userId: m.userId,
        bundleId: 'b1',
        credits: 100,
        country: 'NL',
        currency: 'EUR',
        method: 'ideal',
        listPriceMinor: 999,
        totalMinor: 599,
        provider: 'sandbox',
        idempotencyKey: `retention-${m.userId}`,
      })
      .returning({ id: payments.id })
    await db().insert(discountRedemptions).values({ codeId: code!.id, userId: m.userId, paymentId: payment!.id, singleUse: true, status: 'used' })
    expect(await grantRetentionDiscount(m.userId)).toBeNull()
    // Nor once it ran out unused.
    const other = await member({ paid: true })
    const granted = await grantRetentionDiscount(other.userId)
    await db()
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.code, granted!.code))
    expect(await grantRetentionDiscount(other.userId)).toBeNull()
    expect(await db().select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.kind, 'retention'))).toHaveLength(2)
  })
})
