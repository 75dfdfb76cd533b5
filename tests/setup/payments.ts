import { eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { payments } from '#db/schema/index'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { startCheckout } from '#app/features/billing/checkout.server'
import { syncPayment } from '#app/features/billing/payment-sync.server'

const key = () => `k${Math.random().toString(36).slice(2)}${Date.now()}`.padEnd(20, 'x')

/** A payment of the member for bundle `m` by iDEAL, paid at the sandbox provider and booked; its row as booked. */
export async function paidPayment(userId: number) {
  const r = await startCheckout({ userId, bundleId: 'm', method: 'ideal', idempotencyKey: key(), locale: 'en' })
  if (!r.ok) throw new Error(r.reason)
  const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
  await decideSandboxPayment(p.providerPaymentId!, 'paid')
  await syncPayment(sandboxProvider, p.providerPaymentId!)
  const [paid] = await db().select().from(payments).where(eq(payments.id, p.id))
  return paid
}
