import { eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { payments } from '#db/schema/index'
import { paymentProvider } from '#app/adapters/payments/index.server'
import { errorText } from '#app/lib/error-text'
import { logger } from '#app/lib/logger.server'
import { getSettings } from '#app/features/settings/settings.server'
import { syncPayment } from './payment-sync.server'

export type RefundResult = { ok: true; refundedMinor: number } | { ok: false; reason: 'not_found' | 'not_paid' | 'too_late' | 'too_much' | 'provider_error' }

/** The last day a paid payment can be refunded (spec: refund_days after payment). */
export const refundDeadline = (paidAt: Date, refundDays: number) => new Date(paidAt.getTime() + refundDays * 86400_000)

/**
 * Refunds a paid payment (all of it by default) through its provider within refund_days, then books the reversal
 * through the same path as the provider's webhook, so a refund is booked once however it is reported. The operator
 * console calls this; `force` lets an admin refund after the deadline.
 */
export async function refundPayment(paymentId: number, opts: { amountMinor?: number; force?: boolean; now?: Date } = {}): Promise<RefundResult> {
  const [p] = await db().select().from(payments).where(eq(payments.id, paymentId))
  if (!p || !p.providerPaymentId) return { ok: false, reason: 'not_found' }
  if (p.status !== 'paid' || !p.paidAt) return { ok: false, reason: 'not_paid' }
  const settings = await getSettings()
  if (!opts.force && (opts.now ?? new Date()) > refundDeadline(p.paidAt, settings.refund_days)) return { ok: false, reason: 'too_late' }
  const left = p.totalMinor - p.refundedMinor - p.chargedBackMinor
  const amount = opts.amountMinor ?? left
  if (!Number.isInteger(amount) || amount <= 0 || amount > left) return { ok: false, reason: 'too_much' }
  const provider = await paymentProvider()
  try {
    await provider.refund(p.providerPaymentId, amount, p.currency, `refund-${p.id}-${p.refundedMinor + amount}`)
  } catch (e) {
    logger.warn({ paymentId, err: errorText(e) }, 'refund refused by the payment provider')
    return { ok: false, reason: 'provider_error' }
  }
  await syncPayment(provider, p.providerPaymentId)
  return { ok: true, refundedMinor: p.refundedMinor + amount }
}
