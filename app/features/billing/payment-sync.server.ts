import { and, eq, sql } from 'drizzle-orm'
import { db, type Tx } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { memberFlags, payments, users, type PaymentStatus } from '#db/schema/index'
import type { PaymentProvider, ProviderPayment } from '#app/adapters/payments/provider'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { logger } from '#app/lib/logger.server'
import { paymentOutcomes } from '#app/lib/metrics.server'
import { bookCredits } from './ledger.server'
import { markDiscountUsed, releaseDiscount } from './discounts.server'

export type SyncResult = 'unknown' | 'mismatch' | PaymentStatus

const DIRECT_DEBIT = 'sepa_direct_debit'

/** Credits that a cumulative reversed amount takes back, proportionally, so partial refunds add up exactly. */
export const creditsFor = (credits: number, totalMinor: number, reversedMinor: number) => (totalMinor > 0 ? Math.floor((credits * Math.min(reversedMinor, totalMinor)) / totalMinor) : credits)

async function flagMember(tx: Tx, userId: number, reason: string, reference: string): Promise<void> {
  await tx.insert(memberFlags).values({ userId, reason, reference }).onConflictDoNothing()
}

/**
 * Brings our payment in line with the provider's (the webhook, the return page and the refund service all end
 * here). The provider's current state is fetched, never taken from a request, so notifications may come in any
 * order, any number of times: the payment row is locked, and every booking has its idempotency key.
 *  - paid (or a direct debit collection submitted): the purchase is booked once, the first one makes the member
 *    Premium, the discount code is spent;
 *  - failed, cancelled or expired: the code is given back; a direct debit that was credited is reversed;
 *  - refunded or charged back (cumulative amounts): the matching credits are reversed, never below 0, and a
 *    chargeback or failed collection flags the member for the operators.
 */
export async function syncPayment(provider: PaymentProvider, providerPaymentId: string): Promise<SyncResult> {
  for (let attempt = 1; ; attempt++) {
    // What we had before asking the provider: if another sync changes it meanwhile, our answer may be older than
    // the one it booked (a "failed" fetched before the provider's "paid"), and is fetched again, not applied.
    const seen = await bookedState(provider.name, providerPaymentId)
    const remote = await provider.getPayment(providerPaymentId)
    const outcomes: BookedOutcome[] = []
    const result = await db().transaction((tx) => applyProviderState(tx, provider.name, remote, attempt < MAX_SYNC_ATTEMPTS ? seen : undefined, outcomes))
    if (result === 'changed_meanwhile') continue
    // Counted once committed: what a rolled-back or repeated sync did not book is not counted.
    for (const outcome of outcomes) paymentOutcomes.inc({ outcome })
    if (result !== 'unknown' && result !== 'mismatch') wakeJobRunner()
    return result
  }
}

const MAX_SYNC_ATTEMPTS = 5

type BookedState = Pick<typeof payments.$inferSelect, 'status' | 'creditsBooked' | 'collectionFailed' | 'refundedMinor' | 'chargedBackMinor'>

async function bookedState(providerName: string, providerPaymentId: string): Promise<BookedState | undefined> {
  const [s] = await db()
    .select({ status: payments.status, creditsBooked: payments.creditsBooked, collectionFailed: payments.collectionFailed, refundedMinor: payments.refundedMinor, chargedBackMinor: payments.chargedBackMinor })
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerPaymentId, providerPaymentId)))
  return s
}

const sameState = (a: BookedState, b: BookedState) =>
  a.status === b.status && a.creditsBooked === b.creditsBooked && a.collectionFailed === b.collectionFailed && a.refundedMinor === b.refundedMinor && a.chargedBackMinor === b.chargedBackMinor

/** What a sync booked, for the metrics: a purchase credited, a payment that ended unpaid, credits taken back. */
type BookedOutcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'collection_failed' | 'refund' | 'chargeback'

async function applyProviderState(tx: Tx, providerName: string, remote: ProviderPayment, seen: BookedState | undefined, outcomes: BookedOutcome[]): Promise<SyncResult | 'changed_meanwhile'> {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerPaymentId, remote.id)))
    .for('update')
  if (!p) return 'unknown'
  if (seen && !sameState(seen, p)) return 'changed_meanwhile'
  if (remote.currency !== p.currency || remote.amountMinor !== p.totalMinor) {
    logger.error({ paymentId: p.id }, 'provider payment does not match ours: nothing booked')
    return 'mismatch'
  }
  const status: PaymentStatus = remote.status === 'authorized' ? 'pending' : remote.status
  const creditable = status === 'paid' || (p.method === DIRECT_DEBIT && status === 'pending')
  const patch: Partial<typeof payments.$inferInsert> = { status, updatedAt: new Date() }
  const userId = p.userId

  if (creditable && !p.creditsBooked && userId !== null) {
    // Locked before it is read: two payments of one member booked at the same time must not both be the first.
    const [u] = await tx.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, userId)).for('update')
    const r = await bookCredits(tx, { userId, delta: p.credits, reason: 'purchase', reference: `payment:${p.id}`, key: `purchase:${p.id}` })
    if (r.booked) {
      outcomes.push('paid')
      if (!u.paidUser) await tx.update(users).set({ paidUser: true }).where(eq(users.id, userId))
      await recordEvent(tx, { type: 'payment.completed', payload: { paymentId: p.id, userId, credits: p.credits, firstPurchase: !u.paidUser } })
    }
    await markDiscountUsed(tx, p.id)
    patch.creditsBooked = true
    patch.paidAt = new Date()
  }

  if (!creditable && (status === 'failed' || status === 'canceled' || status === 'expired')) {
    if (!p.creditsBooked) {
      await releaseDiscount(tx, p.id)
      if (p.status !== status) {
        outcomes.push(status)
        if (userId !== null) await recordEvent(tx, { type: 'payment.failed', payload: { paymentId: p.id, userId } })
      }
    } else if (p.method === DIRECT_DEBIT && !p.collectionFailed && userId !== null) {
      const r = await bookCredits(tx, { userId, delta: -p.credits, reason: 'collection_failed', reference: `payment:${p.id}`, key: `collection_failed:${p.id}`, clampAtZero: true })
      await flagMember(tx, userId, 'collection_failed', `payment:${p.id}`)
      if (r.booked) {
        outcomes.push('collection_failed')
        await recordEvent(tx, { type: 'payment.reversed', payload: { paymentId: p.id, userId, reason: 'collection_failed', credits: -r.delta } })
      }
      patch.collectionFailed = true
    }
  }

  const booked = p.creditsBooked || patch.creditsBooked === true
  for (const kind of ['refund', 'chargeback'] as const) {
    const before = kind === 'refund' ? p.refundedMinor : p.chargedBackMinor
    const now = kind === 'refund' ? remote.refundedMinor : remote.chargedBackMinor
    if (now <= before) continue
    if (kind === 'refund') patch.refundedMinor = now
    else patch.chargedBackMinor = now
    if (!booked || userId === null || p.collectionFailed) continue
    const credits = creditsFor(p.credits, p.totalMinor, now) - creditsFor(p.credits, p.totalMinor, before)
    if (credits <= 0) continue
    const r = await bookCredits(tx, { userId, delta: -credits, reason: kind, reference: `payment:${p.id}`, key: `${kind}:${p.id}:${now}`, clampAtZero: true })
    if (kind === 'chargeback') await flagMember(tx, userId, 'chargeback', `payment:${p.id}`)
    if (r.booked) {
      outcomes.push(kind)
      await recordEvent(tx, { type: 'payment.reversed', payload: { paymentId: p.id, userId, reason: kind, credits: -r.delta } })
    }
  }

  // A repeated notification changes nothing, and writes nothing: the syncs running beside it need not start over.
  const changed = status !== p.status || Object.keys(patch).some((k) => k !== 'status' && k !== 'updatedAt')
  if (changed) await tx.update(payments).set(patch).where(eq(payments.id, p.id))
  return status
}

/** Our payments still waiting for the provider, for a periodic check in case a webhook never came. */
export async function listUnsettledPayments(olderThanMinutes: number, limit = 100): Promise<{ provider: string; providerPaymentId: string }[]> {
  const rows = await db()
    .select({ provider: payments.provider, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        sql`${payments.status} in ('open', 'pending')`,
        sql`${payments.providerPaymentId} is not null`,
        sql`${payments.createdAt} < now() - (${olderThanMinutes} * interval '1 minute')`,
        sql`${payments.createdAt} > now() - interval '3 days'`,
      ),
    )
    .limit(limit)
  return rows.filter((r): r is { provider: string; providerPaymentId: string } => !!r.providerPaymentId)
}
