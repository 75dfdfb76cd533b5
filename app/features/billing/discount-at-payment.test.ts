import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, discountCodes, discountRedemptions, payments, users } from '#db/schema/index'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { startCheckout } from './checkout.server'
import { ensureSystemDiscountCodes, TIME_BONUS_CODE, WELCOME_CODE } from './discounts.server'
import { ledgerBalance } from './ledger.server'
import { syncPayment } from './payment-sync.server'
import { getTransaction } from './transactions.server'

// Issue 24, point 2: a new checkout released the member's own earlier hold on a code, and a payment whose hold was
// released kept its discount when paid; the time limits were checked at checkout only. Each test pays checkouts
// the way an attacker would and fails on the code before the fix.

useTestDatabase()

const HOUR = 3600_000
let keys = 0

async function open(userId: number, code: string | null, bundleId = 'm') {
  const r = await startCheckout({ userId, bundleId, method: 'ideal', code, idempotencyKey: `disc-${++keys}`, locale: 'en' })
  if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
  const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
  return p
}

async function pay(p: { providerPaymentId: string | null }, outcome: 'paid' | 'canceled' = 'paid') {
  await decideSandboxPayment(p.providerPaymentId!, outcome, { webhookDelayMs: 60_000 })
  return syncPayment(sandboxProvider, p.providerPaymentId!)
}

async function booked(paymentId: number) {
  const [p] = await db()
    .select({ credits: payments.credits, discountMinor: payments.discountMinor, discountWithdrawn: payments.discountWithdrawn, status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId))
  const [l] = await db()
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, `purchase:${paymentId}`))
  return { ...p, ledger: l?.delta ?? 0 }
}

/** Payments booked with their discount (a discount on the payment, and the full bundle on the ledger). */
async function discounted(ids: number[]) {
  const rows = await Promise.all(ids.map(booked))
  return rows.filter((r) => r.discountMinor > 0 && !r.discountWithdrawn && r.ledger === 125)
}

describe('a discount is honoured at payment only while the payment holds it', () => {
  it('one member, five parallel checkouts with one single-use code, all paid: one is discounted', async () => {
    const m = await createMember({ country: 'NL' })
    await db().insert(discountCodes).values({ code: 'ONCE50', percentage: 50, singleUse: true })
    const opened = await Promise.all(Array.from({ length: 5 }, () => open(m.userId, 'ONCE50')))
    // Each was priced with the discount (the checkout took the hold over from the one before).
    expect(opened.every((p) => p.discountMinor > 0)).toBe(true)
    await Promise.all(opened.map((p) => pay(p)))

    const rows = await Promise.all(opened.map((p) => booked(p.id)))
    expect(rows.every((r) => r.status === 'paid')).toBe(true)
    expect(await discounted(opened.map((p) => p.id))).toHaveLength(1)
    // The other four are booked at what their money buys at the list price: 9.99 of 19.99 buys 62 of 125 credits.
    const without = rows.filter((r) => r.discountWithdrawn)
    expect(without).toHaveLength(4)
    for (const r of without) expect(r).toMatchObject({ credits: 62, ledger: 62 })
    expect(await ledgerBalance(m.userId)).toBe(125 + 4 * 62)
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.userId))
    expect(u.credits).toBe(125 + 4 * 62)
    const used = await db().select({ id: discountRedemptions.id }).from(discountRedemptions).where(eq(discountRedemptions.status, 'used'))
    expect(used).toHaveLength(1)
  })

  it('five parallel checkouts with the welcome discount, all paid: one is discounted', async () => {
    await ensureSystemDiscountCodes()
    const m = await createMember({ country: 'NL' })
    const opened = await Promise.all(Array.from({ length: 5 }, () => open(m.userId, WELCOME_CODE)))
    expect(opened.every((p) => p.discountMinor > 0)).toBe(true)
    // Paid one after the other, the one that holds the code (the last checkout to take it over) first: it is the
    // first purchase, discounted; the other four no longer hold the code. (Paid another first, none would be: the
    // first purchase was made without it, and the welcome discount is for the first purchase only.)
    const [holder] = await db().select({ paymentId: discountRedemptions.paymentId }).from(discountRedemptions).where(eq(discountRedemptions.status, 'reserved'))
    const order = [...opened].sort((a, b) => Number(b.id === holder.paymentId) - Number(a.id === holder.paymentId))
    for (const p of order) await pay(p)
    expect(await discounted(opened.map((p) => p.id))).toHaveLength(1)
    expect((await booked(holder.paymentId)).discountWithdrawn).toBe(false)
    expect(await ledgerBalance(m.userId)).toBe(125 + 4 * 93)
  })

  it('honours the welcome window at payment time: a checkout opened inside it and paid after it is booked without the discount', async () => {
    await ensureSystemDiscountCodes()
    const m = await createMember({ country: 'NL' })
    const p = await open(m.userId, WELCOME_CODE)
    expect(p.discountMinor).toBe(500)
    // The member leaves the checkout open and pays once the 72 hours are over.
    await db()
      .update(users)
      .set({ signupDate: new Date(Date.now() - 73 * HOUR) })
      .where(eq(users.id, m.userId))
    expect(await pay(p)).toBe('paid')
    expect(await booked(p.id)).toMatchObject({ discountWithdrawn: true, credits: Math.floor((125 * 1499) / 1999), ledger: Math.floor((125 * 1499) / 1999) })
    // The code is given back, not spent: it simply no longer applies to this member.
    const [r] = await db().select({ status: discountRedemptions.status }).from(discountRedemptions).where(eq(discountRedemptions.paymentId, p.id))
    expect(r.status).toBe('released')
  })

  it('honours the time bonus at payment time too', async () => {
    await ensureSystemDiscountCodes()
    const m = await createMember({ country: 'NL' })
    const p = await open(m.userId, TIME_BONUS_CODE)
    expect(p.discountMinor).toBe(500)
    await db()
      .update(users)
      .set({ signupDate: new Date(Date.now() - 5 * HOUR) })
      .where(eq(users.id, m.userId))
    await pay(p)
    expect(await booked(p.id)).toMatchObject({ discountWithdrawn: true, credits: 93, ledger: 93 })
  })

  it('gives the welcome discount to the first purchase only: paid after another purchase, it is withdrawn', async () => {
    await ensureSystemDiscountCodes()
    const m = await createMember({ country: 'NL' })
    const welcome = await open(m.userId, WELCOME_CODE)
    const plain = await open(m.userId, null)
    await pay(plain)
    await pay(welcome)
    expect(await booked(welcome.id)).toMatchObject({ discountWithdrawn: true, credits: 93 })
  })

  it('lets a payment whose hold was released keep the code when nobody holds it any more', async () => {
    const m = await createMember({ country: 'NL' })
    await db().insert(discountCodes).values({ code: 'ONCE10', percentage: 10, singleUse: true })
    const first = await open(m.userId, 'ONCE10')
    const second = await open(m.userId, 'ONCE10')
    // The newer checkout, which took the code over, is abandoned; the older one is paid: it may have the code.
    await pay(second, 'canceled')
    await pay(first)
    expect(await booked(first.id)).toMatchObject({ discountWithdrawn: false, credits: 125, ledger: 125 })
    const live = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.paymentId, first.id), eq(discountRedemptions.status, 'used')))
    expect(live[0].n).toBe(1)
  })

  it('tells the member on the receipt that the payment was booked without its discount', async () => {
    const m = await createMember({ country: 'NL' })
    await db().insert(discountCodes).values({ code: 'ONCE25', percentage: 25, singleUse: true })
    const first = await open(m.userId, 'ONCE25')
    const second = await open(m.userId, 'ONCE25')
    await pay(second)
    await pay(first)
    expect(await getTransaction(m.userId, first.id)).toMatchObject({ discountWithdrawn: true, credits: 93 })
    expect(await getTransaction(m.userId, second.id)).toMatchObject({ discountWithdrawn: false, credits: 125 })
  })
})
