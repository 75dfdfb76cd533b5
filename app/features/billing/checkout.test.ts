import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, discountCodes, memberFlags, payments, users } from '#db/schema/index'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { startCheckout } from './checkout.server'
import { ledgerBalance } from './ledger.server'
import { syncPayment } from './payment-sync.server'
import { refundPayment } from './refunds.server'
import { getTransaction, listTransactions, setSpendLimit } from './transactions.server'

useTestDatabase()

let keys = 0
const key = () => `key-${++keys}`

async function checkout(userId: number, opts: { bundleId?: string; method?: string; code?: string } = {}) {
  const r = await startCheckout({
    userId,
    bundleId: opts.bundleId ?? 'm',
    method: opts.method ?? 'ideal',
    code: opts.code,
    idempotencyKey: key(),
    locale: 'en',
  })
  if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
  const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
  return p
}

async function user(userId: number) {
  const [u] = await db().select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, userId))
  return u
}

describe('checkout and the sandbox provider', () => {
  it('charges the price of the country, adds the method fee and sends the payer to the test page', async () => {
    const m = await createMember({ country: 'NL' })
    const p = await checkout(m.userId, { method: 'paypal' })
    expect(p).toMatchObject({ currency: 'EUR', listPriceMinor: 1999, discountMinor: 0, credits: 125, status: 'open', provider: 'sandbox' })
    expect(p.feeMinor).toBe(Math.round(1999 * 0.034) + 35)
    expect(p.totalMinor).toBe(1999 + p.feeMinor)
    expect(p.vatMinor).toBe(Math.round((p.totalMinor * 210) / 1210))
    expect(p.checkoutUrl).toMatch(/\/sandbox\/checkout\/sbx_/)
  })

  it('refuses a method that does not work in the member country', async () => {
    const m = await createMember({ country: 'NL' })
    const r = await startCheckout({ userId: m.userId, bundleId: 'm', method: 'swish', idempotencyKey: key(), locale: 'en' })
    expect(r).toMatchObject({ ok: false, reason: 'method_unavailable' })
  })

  it('books a paid payment once, makes the member Premium, and keeps the ledger and the balance equal', async () => {
    const m = await createMember()
    const p = await checkout(m.userId)
    await decideSandboxPayment(p.providerPaymentId!, 'paid')
    const results = await Promise.all(Array.from({ length: 10 }, () => syncPayment(sandboxProvider, p.providerPaymentId!)))
    expect(results.every((r) => r === 'paid')).toBe(true)
    expect(await user(m.userId)).toEqual({ credits: 125, paidUser: true })
    expect(await ledgerBalance(m.userId)).toBe(125)
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, m.userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ reason: 'purchase', delta: 125, balanceAfter: 125, idempotencyKey: `purchase:${p.id}` })
  })

  it('honours a paid that follows a failed', async () => {
    const m = await createMember()
    const p = await checkout(m.userId)
    await decideSandboxPayment(p.providerPaymentId!, 'failed')
    expect(await syncPayment(sandboxProvider, p.providerPaymentId!)).toBe('failed')
    expect(await user(m.userId)).toEqual({ credits: 0, paidUser: false })
    // The provider changes its mind (a late capture): ours follows.
    await db().execute(sql`update sandbox_payments set status = 'paid' where id = ${p.providerPaymentId}`)
    expect(await syncPayment(sandboxProvider, p.providerPaymentId!)).toBe('paid')
    expect(await user(m.userId)).toEqual({ credits: 125, paidUser: true })
  })

  it('reverses a chargeback without going below 0 and flags the member', async () => {
    const m = await createMember()
    const p = await checkout(m.userId)
    await decideSandboxPayment(p.providerPaymentId!, 'paid')
    await syncPayment(sandboxProvider, p.providerPaymentId!)
    // The member spent most of it meanwhile.
    await db().transaction(async (tx) => {
      const { bookCredits } = await import('./ledger.server')
      await bookCredits(tx, { userId: m.userId, delta: -100, reason: 'spend', key: 'spend:test' })
    })
    await decideSandboxPayment(p.providerPaymentId!, 'chargeback')
    await syncPayment(sandboxProvider, p.providerPaymentId!)
    await syncPayment(sandboxProvider, p.providerPaymentId!)
    expect((await user(m.userId)).credits).toBe(0)
    expect(await ledgerBalance(m.userId)).toBe(0)
    expect(await db().select().from(memberFlags).where(eq(memberFlags.userId, m.userId))).toHaveLength(1)
  })

  it('refunds through the provider within refund_days and books the reversal once', async () => {
    const m = await createMember()
    const p = await checkout(m.userId)
    await decideSandboxPayment(p.providerPaymentId!, 'paid')
    await syncPayment(sandboxProvider, p.providerPaymentId!)
    expect(await refundPayment(p.id)).toEqual({ ok: true, refundedMinor: p.totalMinor })
    expect(await refundPayment(p.id)).toEqual({ ok: false, reason: 'too_much' })
    await syncPayment(sandboxProvider, p.providerPaymentId!)
    expect((await user(m.userId)).credits).toBe(0)
    const late = await checkout(m.userId)
    await decideSandboxPayment(late.providerPaymentId!, 'paid')
    await syncPayment(sandboxProvider, late.providerPaymentId!)
    expect(await refundPayment(late.id, { now: new Date(Date.now() + 15 * 86400_000) })).toEqual({ ok: false, reason: 'too_late' })
  })

  it('starts one payment for one checkout form, however often it is sent', async () => {
    const m = await createMember()
    const args = { userId: m.userId, bundleId: 's', method: 'ideal', idempotencyKey: 'same-form', locale: 'en' }
    const all = await Promise.all(Array.from({ length: 5 }, () => startCheckout(args)))
    expect(new Set(all.map((r) => (r.ok ? r.paymentId : 0))).size).toBe(1)
    expect(await db().select({ id: payments.id }).from(payments)).toHaveLength(1)
  })

  it('lets 50 concurrent checkouts use a single-use code once', async () => {
    await db().insert(discountCodes).values({ code: 'ONCE50', percentage: 50, singleUse: true })
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember()))
    const results = await Promise.all(
      members.map((m) => startCheckout({ userId: m.userId, bundleId: 's', method: 'ideal', code: 'once50', idempotencyKey: key(), locale: 'en' })),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.reason === 'discount' && r.error === 'used')).toHaveLength(49)
    const [winner] = await db().select().from(payments)
    expect(winner.discountMinor).toBe(500)
  })

  it('gives a failed payment code back for another try', async () => {
    await db().insert(discountCodes).values({ code: 'AGAIN', percentage: 10, singleUse: true })
    const m = await createMember()
    const first = await checkout(m.userId, { code: 'AGAIN' })
    await decideSandboxPayment(first.providerPaymentId!, 'canceled')
    await syncPayment(sandboxProvider, first.providerPaymentId!)
    const other = await createMember()
    const second = await checkout(other.userId, { code: 'AGAIN' })
    expect(second.discountMinor).toBeGreaterThan(0)
  })

  it('refuses a purchase over the member’s monthly spend limit, counting what was paid this month', async () => {
    const m = await createMember()
    await setSpendLimit(m.userId, { monthlyLimitMinor: 3000, currency: 'EUR' })
    const first = await checkout(m.userId, { bundleId: 'm' })
    await decideSandboxPayment(first.providerPaymentId!, 'paid')
    await syncPayment(sandboxProvider, first.providerPaymentId!)
    const r = await startCheckout({ userId: m.userId, bundleId: 'm', method: 'ideal', idempotencyKey: key(), locale: 'en' })
    expect(r).toEqual({ ok: false, reason: 'spend_limit', limitMinor: 3000, spentMinor: first.totalMinor, currency: 'EUR' })
    expect(await startCheckout({ userId: m.userId, bundleId: 's', method: 'ideal', idempotencyKey: key(), locale: 'en' })).toMatchObject({ ok: true })
    await setSpendLimit(m.userId, null)
    expect(await startCheckout({ userId: m.userId, bundleId: 'l', method: 'ideal', idempotencyKey: key(), locale: 'en' })).toMatchObject({ ok: true })
  })

  it('shows members only their own transactions', async () => {
    const a = await createMember()
    const b = await createMember()
    const p = await checkout(a.userId)
    expect(await getTransaction(a.userId, p.id)).toMatchObject({ id: p.id, totalMinor: p.totalMinor })
    expect(await getTransaction(b.userId, p.id)).toBeNull()
    expect(await listTransactions(b.userId)).toEqual([])
  })

  it('asks for direct debit through its mandate form, never straight from a checkout', async () => {
    const m = await createMember()
    expect(await startCheckout({ userId: m.userId, bundleId: 's', method: 'sepa_direct_debit', idempotencyKey: key(), locale: 'en' })).toEqual({
      ok: false,
      reason: 'direct_debit_required',
    })
  })
})
