import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, payments, sandboxPayments, users } from '#db/schema/index'
import type { PaymentProvider } from '#app/adapters/payments/provider'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { startCheckout } from './checkout.server'
import { syncPayment } from './payment-sync.server'
import { paymentOutcomes } from '#app/lib/metrics.server'
import { counterValue } from '../../../tests/setup/metrics'

useTestDatabase()

/** The sandbox, except that its first answer is held back until `release()`: a slow provider call. */
function heldProvider() {
  let release!: () => void
  let fetched!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const firstFetched = new Promise<void>((r) => (fetched = r))
  let calls = 0
  const provider: PaymentProvider = {
    ...sandboxProvider,
    async getPayment(id) {
      const answer = await sandboxProvider.getPayment(id)
      if (++calls === 1) {
        fetched()
        await gate
      }
      return answer
    },
  }
  return { provider, firstFetched, release, calls: () => calls }
}

describe('syncPayment beside another sync', () => {
  it('does not apply a provider answer that another sync has overtaken meanwhile', async () => {
    const m = await createMember()
    const r = await startCheckout({ userId: m.userId, bundleId: 'm', method: 'ideal', idempotencyKey: 'overtaken', locale: 'en' })
    if (!r.ok) throw new Error(r.reason)
    const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
    const id = p.providerPaymentId!
    await decideSandboxPayment(id, 'failed', { webhookDelayMs: 60_000 })
    expect(await syncPayment(sandboxProvider, id)).toBe('failed')

    // A notification reads "failed" from the provider, and its answer is slow to come back...
    const held = heldProvider()
    const slow = syncPayment(held.provider, id)
    await held.firstFetched
    // ...meanwhile the provider captures the payment after all, and its next notification books it.
    await db().update(sandboxPayments).set({ status: 'paid' }).where(eq(sandboxPayments.id, id))
    expect(await syncPayment(sandboxProvider, id)).toBe('paid')
    held.release()

    // The old "failed" is not written over the "paid": the slow one asked again and found "paid" too.
    expect(await slow).toBe('paid')
    expect(held.calls()).toBe(2)
    const [after] = await db().select({ status: payments.status, creditsBooked: payments.creditsBooked }).from(payments).where(eq(payments.id, p.id))
    expect(after).toEqual({ status: 'paid', creditsBooked: true })
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.userId))
    expect(u.credits).toBe(p.credits)
    expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, m.userId))).toHaveLength(1)
  })

  it('lets a repeated notification change nothing, not even the time of the last change', async () => {
    const m = await createMember()
    const r = await startCheckout({ userId: m.userId, bundleId: 's', method: 'ideal', idempotencyKey: 'repeated', locale: 'en' })
    if (!r.ok) throw new Error(r.reason)
    const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
    await decideSandboxPayment(p.providerPaymentId!, 'paid', { webhookDelayMs: 60_000 })
    await syncPayment(sandboxProvider, p.providerPaymentId!)
    const [booked] = await db().select({ updatedAt: payments.updatedAt }).from(payments).where(eq(payments.id, p.id))
    expect(await syncPayment(sandboxProvider, p.providerPaymentId!)).toBe('paid')
    const [again] = await db().select({ updatedAt: payments.updatedAt }).from(payments).where(eq(payments.id, p.id))
    expect(again.updatedAt).toEqual(booked.updatedAt)
  })
})

describe('syncPayment and the payment metrics', () => {
  it('counts what a sync booked once, not what a repeated notification finds booked already', async () => {
    const m = await createMember()
    const outcome = (o: string) => counterValue(paymentOutcomes, { outcome: o })
    const [paidBefore, failedBefore] = [await outcome('paid'), await outcome('failed')]
    const paid = await startCheckout({ userId: m.userId, bundleId: 's', method: 'ideal', idempotencyKey: 'metrics-paid', locale: 'en' })
    const failed = await startCheckout({ userId: m.userId, bundleId: 's', method: 'ideal', idempotencyKey: 'metrics-failed', locale: 'en' })
    if (!paid.ok || !failed.ok) throw new Error('checkout refused')
    const providerId = async (id: number) => (await db().select({ p: payments.providerPaymentId }).from(payments).where(eq(payments.id, id)))[0].p!
    const [paidId, failedId] = [await providerId(paid.paymentId), await providerId(failed.paymentId)]
    await decideSandboxPayment(paidId, 'paid', { webhookDelayMs: 60_000 })
    await decideSandboxPayment(failedId, 'failed', { webhookDelayMs: 60_000 })
    for (let i = 0; i < 3; i++) {
      await syncPayment(sandboxProvider, paidId)
      await syncPayment(sandboxProvider, failedId)
    }
    expect(await outcome('paid')).toBe(paidBefore + 1)
    expect(await outcome('failed')).toBe(failedBefore + 1)
  })
})
