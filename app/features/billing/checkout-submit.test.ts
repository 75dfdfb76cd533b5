import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { payments } from '#db/schema/index'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { repeatLastOrder, submitCheckout } from './checkout-submit.server'
import { syncPayment } from './payment-sync.server'

useTestDatabase()

const limit = (n: number) => updateSetting('write_limits', { ...defaultSettings.write_limits, payments_per_hour: n })
const paymentsOf = async (userId: number) => (await db().select({ id: payments.id }).from(payments).where(eq(payments.userId, userId))).length
const pay = (userId: number) => submitCheckout({ userId, bundleId: 'm', method: 'ideal', idempotencyKey: randomUUID(), locale: 'en' })

describe('payments as pages start them', () => {
  it('take a payment token each: past the limit no payment is started', async () => {
    await limit(1)
    const m = await createMember({ country: 'NL' })
    expect(await pay(m.userId)).toMatchObject({ ok: true })
    const r = await pay(m.userId)
    expect(r).toMatchObject({ ok: false, error: 'too_often' })
    expect(await paymentsOf(m.userId)).toBe(1)
  })

  it('the repeat order shares the count, and checks its key and last order after the token', async () => {
    await limit(3)
    const m = await createMember({ country: 'NL' })
    const first = await pay(m.userId)
    if (!first.ok) throw new Error('refused')
    const [p] = await db().select().from(payments).where(eq(payments.id, first.paymentId))
    await decideSandboxPayment(p.providerPaymentId!, 'paid')
    await syncPayment(sandboxProvider, p.providerPaymentId!)
    expect(await repeatLastOrder(m.userId, 'not-a-key', 'en')).toEqual({ ok: false, reason: 'nothing_to_repeat' })
    expect(await repeatLastOrder(m.userId, randomUUID(), 'en')).toMatchObject({ ok: true })
    expect(await repeatLastOrder(m.userId, randomUUID(), 'en')).toMatchObject({ ok: false, error: 'too_often' })
    expect(await paymentsOf(m.userId)).toBe(2)
    const newcomer = await createMember({ country: 'NL' })
    expect(await repeatLastOrder(newcomer.userId, randomUUID(), 'en')).toEqual({ ok: false, reason: 'nothing_to_repeat' })
  })
})
