import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { startMollieFake, type MollieFake } from '../../../tests/setup/mollie-fake'
import { db } from '#db/client.server'
import { creditLedger, discountCodes, memberFlags, payments, users } from '#db/schema/index'
import { setPaymentProvider } from '#app/adapters/payments/index.server'
import { createMollieProvider } from '#app/adapters/payments/mollie/mollie-provider.server'
import { mollieMethod } from '#app/adapters/payments/mollie/mollie-methods'
import type { PaymentProvider } from '#app/adapters/payments/provider'
import { publicUrl } from '#app/lib/env.server'
import { startCheckout } from './checkout.server'
import { bookCredits, ledgerBalance } from './ledger.server'
import { syncPayment } from './payment-sync.server'
import { paymentMethods, paymentMethodIds } from './payment-methods'
import { refundPayment } from './refunds.server'

useTestDatabase()

let fake: MollieFake
let mollie: PaymentProvider

beforeAll(async () => {
  fake = await startMollieFake()
})
beforeEach(() => {
  mollie = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url })
  setPaymentProvider(mollie)
})
afterEach(() => {
  setPaymentProvider(undefined)
})
afterAll(async () => {
  await fake.close()
})

let keys = 0
const key = () => `mollie-form-${++keys}`

async function checkout(
  userId: number,
  opts: { bundleId?: string; method?: string; code?: string; mandate?: { id: number; customerId: string; mandateId: string } } = {},
) {
  const r = await startCheckout({
    userId,
    bundleId: opts.bundleId ?? 'm',
    method: opts.method ?? 'ideal',
    code: opts.code,
    mandate: opts.mandate,
    idempotencyKey: key(),
    locale: 'nl',
  })
  if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
  const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
  return { ...p, redirectTo: r.redirectTo, providerPaymentId: p.providerPaymentId! }
}

async function member(userId: number) {
  const [u] = await db().select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, userId))
  return u
}

describe('checkout through Mollie', () => {
  it("sends the payer to Mollie's checkout for the amount we charge, and books a paid payment once under 10 concurrent syncs", async () => {
    const m = await createMember({ country: 'NL' })
    const p = await checkout(m.userId)
    expect(p).toMatchObject({ provider: 'mollie', status: 'open', currency: 'EUR' })
    const atMollie = fake.payment(p.providerPaymentId)!
    expect(p.redirectTo).toBe(p.checkoutUrl)
    expect(p.redirectTo).toBe((atMollie._links as { checkout: { href: string } }).checkout.href)
    expect(atMollie).toMatchObject({
      amount: { currency: 'EUR', value: `${Math.floor(p.totalMinor / 100)}.${String(p.totalMinor % 100).padStart(2, '0')}` },
      method: 'ideal',
      locale: 'nl_NL',
      metadata: { reference: String(p.id) },
      redirectUrl: `${publicUrl()}/transactions/${p.id}`,
      webhookUrl: `${publicUrl()}/webhooks/payments/mollie`,
    })
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v2/payments').at(-1)
    expect(created?.idempotencyKey).toMatch(new RegExp(`^payment-${p.id}-\\w+$`))

    // Nothing is booked while the payer is still on Mollie's page.
    expect(await syncPayment(mollie, p.providerPaymentId)).toBe('open')
    expect(await member(m.userId)).toEqual({ credits: 0, paidUser: false })

    fake.setStatus(p.providerPaymentId, 'paid')
    const results = await Promise.all(Array.from({ length: 10 }, () => syncPayment(mollie, p.providerPaymentId)))
    expect(results).toEqual(Array(10).fill('paid'))
    expect(await member(m.userId)).toEqual({ credits: 125, paidUser: true })
    expect(await ledgerBalance(m.userId)).toBe(125)
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, m.userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ reason: 'purchase', delta: 125, idempotencyKey: `purchase:${p.id}` })
  })

  it('honours a paid that follows a failed', async () => {
    const m = await createMember()
    const p = await checkout(m.userId)
    fake.setStatus(p.providerPaymentId, 'failed')
    expect(await syncPayment(mollie, p.providerPaymentId)).toBe('failed')
    expect(await member(m.userId)).toEqual({ credits: 0, paidUser: false })
    fake.setStatus(p.providerPaymentId, 'paid')
    expect(await syncPayment(mollie, p.providerPaymentId)).toBe('paid')
    expect(await member(m.userId)).toEqual({ credits: 125, paidUser: true })
  })

  it('takes a chargeback back, never below 0, and flags the member once', async () => {
    const m = await createMember()
    const p = await checkout(m.userId)
    fake.setStatus(p.providerPaymentId, 'paid')
    await syncPayment(mollie, p.providerPaymentId)
    await db().transaction((tx) => bookCredits(tx, { userId: m.userId, delta: -100, reason: 'spend', key: 'spend:mollie-test' }))
    fake.chargeback(p.providerPaymentId)
    await Promise.all([syncPayment(mollie, p.providerPaymentId), syncPayment(mollie, p.providerPaymentId)])
    await syncPayment(mollie, p.providerPaymentId)
    expect((await member(m.userId)).credits).toBe(0)
    expect(await ledgerBalance(m.userId)).toBe(0)
    expect(await db().select().from(memberFlags).where(eq(memberFlags.userId, m.userId))).toMatchObject([
      { reason: 'chargeback', reference: `payment:${p.id}` },
    ])
    const [after] = await db().select().from(payments).where(eq(payments.id, p.id))
    expect(after.chargedBackMinor).toBe(p.totalMinor)
  })

  it('refunds part and then the rest through Mollie, taking the matching credits back once', async () => {
    const m = await createMember()
    const p = await checkout(m.userId)
    fake.setStatus(p.providerPaymentId, 'paid')
    await syncPayment(mollie, p.providerPaymentId)
    const half = Math.floor(p.totalMinor / 2)
    expect(await refundPayment(p.id, { amountMinor: half })).toEqual({ ok: true, refundedMinor: half })
    expect(fake.payment(p.providerPaymentId)).toMatchObject({
      amountRefunded: { currency: 'EUR', value: `${Math.floor(half / 100)}.${String(half % 100).padStart(2, '0')}` },
    })
    expect((await member(m.userId)).credits).toBe(125 - Math.floor((125 * half) / p.totalMinor))
    expect(await refundPayment(p.id)).toEqual({ ok: true, refundedMinor: p.totalMinor })
    expect(await refundPayment(p.id)).toEqual({ ok: false, reason: 'too_much' })
    await syncPayment(mollie, p.providerPaymentId)
    expect((await member(m.userId)).credits).toBe(0)
    expect(await ledgerBalance(m.userId)).toBe(0)
  })

  it('collects a direct debit from a Mollie mandate without a checkout page, and reverses a failed collection', async () => {
    const m = await createMember({ country: 'DE' })
    const mandate = await mollie.createMandate({
      reference: 'mandate-test',
      accountHolder: 'Erika Mustermann',
      iban: 'DE89370400440532013000',
      idempotencyKey: 'mandate-test',
    })
    const p = await checkout(m.userId, { method: 'sepa_direct_debit', bundleId: 's', mandate: { id: 1, ...mandate } })
    expect(p.checkoutUrl).toBeNull()
    expect(p.redirectTo).toBe(`/transactions/${p.id}`)
    expect(fake.payment(p.providerPaymentId)).toMatchObject({
      sequenceType: 'recurring',
      method: 'directdebit',
      customerId: mandate.customerId,
      mandateId: mandate.mandateId,
      status: 'pending',
    })
    // A submitted collection is credited at once (payment-sync); the bank may still refuse it.
    expect(p.status).toBe('pending')
    const credited = (await member(m.userId)).credits
    expect(credited).toBeGreaterThan(0)

    fake.setStatus(p.providerPaymentId, 'failed')
    expect(await syncPayment(mollie, p.providerPaymentId)).toBe('failed')
    expect((await member(m.userId)).credits).toBe(0)
    expect(await db().select({ reason: memberFlags.reason }).from(memberFlags).where(eq(memberFlags.userId, m.userId))).toEqual([
      { reason: 'collection_failed' },
    ])
    // It was the member's only purchase: Premium goes with it (issue 24, point 1).
    expect((await member(m.userId)).paidUser).toBe(false)
  })

  it('pays two checkouts opened with one single-use code: the one that lost the code is booked at the list price (issue 24, point 2)', async () => {
    const m = await createMember({ country: 'NL' })
    await db().insert(discountCodes).values({ code: 'MOLLIE20', percentage: 20, singleUse: true })
    const older = await checkout(m.userId, { code: 'MOLLIE20' })
    const newer = await checkout(m.userId, { code: 'MOLLIE20' })
    // Mollie was asked for the discounted amount both times: that is what the payer pays.
    expect(fake.payment(older.providerPaymentId)).toMatchObject({ amount: { value: '15.99' } })
    expect(fake.payment(newer.providerPaymentId)).toMatchObject({ amount: { value: '15.99' } })
    fake.setStatus(older.providerPaymentId, 'paid')
    fake.setStatus(newer.providerPaymentId, 'paid')
    expect(await syncPayment(mollie, older.providerPaymentId)).toBe('paid')
    expect(await syncPayment(mollie, newer.providerPaymentId)).toBe('paid')
    const booked = await db()
      .select({ id: payments.id, credits: payments.credits, discountWithdrawn: payments.discountWithdrawn })
      .from(payments)
      .where(eq(payments.userId, m.userId))
      .orderBy(payments.id)
    // 15.99 of the list price of 19.99 buys 99 of the bundle's 125 credits.
    expect(booked).toEqual([
      { id: older.id, credits: 99, discountWithdrawn: true },
      { id: newer.id, credits: 125, discountWithdrawn: false },
    ])
    expect(await ledgerBalance(m.userId)).toBe(99 + 125)
  })

  it('starts a Mollie payment for every method we offer, each as the Mollie method it maps to', async () => {
    expect(paymentMethodIds.filter((id) => mollieMethod(id) === undefined)).toEqual([])
    for (const method of paymentMethods.filter((pm) => pm.id !== 'sepa_direct_debit')) {
      const m = await createMember({ country: method.countries[0] })
      const p = await checkout(m.userId, { method: method.id })
      expect([method.id, p.status, fake.payment(p.providerPaymentId)?.method]).toEqual([method.id, 'open', mollieMethod(method.id)])
    }
  })

  it('tells the member to try again when Mollie refuses, and keeps nothing open', async () => {
    const m = await createMember()
    fake.answerNext(422)
    const r = await startCheckout({ userId: m.userId, bundleId: 'm', method: 'ideal', idempotencyKey: key(), locale: 'en' })
    expect(r).toEqual({ ok: false, reason: 'provider_error' })
    const [p] = await db().select({ status: payments.status, failure: payments.failure }).from(payments).where(eq(payments.userId, m.userId))
    expect(p).toEqual({ status: 'failed', failure: 'provider_error' })
  })
})
