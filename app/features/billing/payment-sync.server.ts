import { and, eq, sql } from 'drizzle-orm'
import { db, type Tx } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { payments, users, type PaymentStatus } from '#db/schema/index'
import type { PaymentProvider, ProviderPayment } from '#app/adapters/payments/provider'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { logger } from '#app/lib/logger.server'
import { paymentOutcomes } from '#app/lib/metrics.server'
import { getSettings } from '#app/features/settings/settings.server'
import type { Settings } from '#app/features/settings/defaults'
import { bookCredits } from './ledger.server'
import { releaseDiscount, spendDiscountAtPayment } from './discounts.server'
import { blockDirectDebitAfter, flagMember } from './direct-debit-risk.server'

export type SyncResult = 'unknown' | 'mismatch' | PaymentStatus

const DIRECT_DEBIT = 'sepa_direct_debit'

/** Credits that a cumulative reversed amount takes back, proportionally, so partial refunds add up exactly. */
export const creditsFor = (credits: number, totalMinor: number, reversedMinor: number) =>
  totalMinor > 0 ? Math.floor((credits * Math.min(reversedMinor, totalMinor)) / totalMinor) : credits

/** The credits that a payment's money buys at the list price: a payment that lost its discount gets these. */
export const creditsWithoutDiscount = (p: { credits: number; listPriceMinor: number; discountMinor: number }) =>
  p.listPriceMinor > 0 ? Math.floor((p.credits * (p.listPriceMinor - p.discountMinor)) / p.listPriceMinor) : p.credits

/**
 * Brings our payment in line with the provider's (the webhook, the return page and the refund service all end
 * here). The provider's current state is fetched, never taken from a request, so notifications may come in any
 * order, any number of times: the payment row is locked, and every booking has its idempotency key.
 *  - paid (or a direct debit collection submitted): the purchase is booked once, the first one makes the member
 *    Premium, the discount code is spent; a payment that no longer holds its code (or whose code ran out) is booked
 *    at what its money buys at the list price (discounts.server.ts, spendDiscountAtPayment);
 *  - failed, cancelled or expired: the code is given back; a direct debit that was credited is reversed;
 *  - refunded or charged back (cumulative amounts): the matching credits are reversed, never below 0, and a
 *    chargeback or failed collection flags the member for the operators;
 *  - a failed collection, or a chargeback of one, closes direct debit to the member, the IBAN and the phone
 *    (direct-debit-risk.server.ts);
 *  - a failed collection or a chargeback that leaves the member no standing purchase ends their Premium, and the
 *    member is told by e-mail (premium.ended).
 */
export async function syncPayment(provider: PaymentProvider, providerPaymentId: string): Promise<SyncResult> {
  for (let attempt = 1; ; attempt++) {
    // What we had before asking the provider: if another sync changes it meanwhile, our answer may be older than
    // the one it booked (a "failed" fetched before the provider's "paid"), and is fetched again, not applied.
    const seen = await bookedState(provider.name, providerPaymentId)
    const remote = await provider.getPayment(providerPaymentId)
    // Read before the transaction: the discount's windows are settings, and a query outside it may not run inside.
    const settings = await getSettings()
    const outcomes: BookedOutcome[] = []
    const result = await db().transaction((tx) =>
      applyProviderState(tx, provider.name, remote, attempt < MAX_SYNC_ATTEMPTS ? seen : undefined, outcomes, settings),
    )
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
    .select({
      status: payments.status,
      creditsBooked: payments.creditsBooked,
      collectionFailed: payments.collectionFailed,
      refundedMinor: payments.refundedMinor,
      chargedBackMinor: payments.chargedBackMinor,
    })
    .from(payments)
    .where(and(eq(payments.provider, providerName), eq(payments.providerPaymentId, providerPaymentId)))
  return s
}

const sameState = (a: BookedState, b: BookedState) =>
  a.status === b.status &&
  a.creditsBooked === b.creditsBooked &&
  a.collectionFailed === b.collectionFailed &&
  a.refundedMinor === b.refundedMinor &&
  a.chargedBackMinor === b.chargedBackMinor

/** What a sync booked, for the metrics: a purchase credited, a payment that ended unpaid, credits taken back. */
type BookedOutcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'collection_failed' | 'refund' | 'chargeback'

async function applyProviderState(
  tx: Tx,
  providerName: string,
  remote: ProviderPayment,
  seen: BookedState | undefined,
  outcomes: BookedOutcome[],
  settings: Settings,
): Promise<SyncResult | 'changed_meanwhile'> {
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

  let credits = p.credits
  // Why the member's Premium is looked at again once this payment is written.
  let premiumAt: 'collection_failed' | 'chargeback' | null = null

  if (creditable && !p.creditsBooked && userId !== null) {
    // Locked before it is read: two payments of one member booked at the same time must not both be the first, nor
    // both spend one code.
    const [u] = await tx.select({ paidUser: users.paidUser, signupDate: users.signupDate }).from(users).where(eq(users.id, userId)).for('update')
    if ((await spendDiscountAtPayment(tx, p.id, u, settings)) === 'withdrawn' && p.discountMinor > 0) {
      credits = creditsWithoutDiscount(p)
      patch.credits = credits
      patch.discountWithdrawn = true
      logger.info({ paymentId: p.id }, 'payment paid without the discount it no longer held: booked at the list price')
    }
    const r =
      credits > 0
        ? await bookCredits(tx, { userId, delta: credits, reason: 'purchase', reference: `payment:${p.id}`, key: `purchase:${p.id}` })
        : { booked: true }
    if (r.booked) {
      outcomes.push('paid')
      if (!u.paidUser) await tx.update(users).set({ paidUser: true }).where(eq(users.id, userId))
      await recordEvent(tx, { type: 'payment.completed', payload: { paymentId: p.id, userId, credits, firstPurchase: !u.paidUser } })
    }
    patch.creditsBooked = true
    patch.paidAt = new Date()
  }

  if (!creditable && (status === 'failed' || status === 'canceled' || status === 'expired')) {
    if (!p.creditsBooked) {
      await releaseDiscount(tx, p.id)
      if (p.status !== status) {
        outcomes.push(status)
        if (userId !== null) await recordEvent(tx, { type: 'payment.failed', payload: { paymentId: p.id, userId } })
        // A collection refused before it was credited: nothing to take back, but the account was not good for it.
        if (p.method === DIRECT_DEBIT && status === 'failed' && userId !== null)
          await blockDirectDebitAfter(tx, { id: p.id, userId, mandateId: p.mandateId }, 'collection_failed')
      }
    } else if (p.method === DIRECT_DEBIT && !p.collectionFailed && userId !== null) {
      const r = await bookCredits(tx, {
        userId,
        delta: -p.credits,
        reason: 'collection_failed',
        reference: `payment:${p.id}`,
        key: `collection_failed:${p.id}`,
        clampAtZero: true,
      })
      await blockDirectDebitAfter(tx, { id: p.id, userId, mandateId: p.mandateId }, 'collection_failed')
      premiumAt = 'collection_failed'
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
    if (kind === 'chargeback') {
      // A collection charged back is a collection failed late: the same doors close.
      if (p.method === DIRECT_DEBIT) await blockDirectDebitAfter(tx, { id: p.id, userId, mandateId: p.mandateId }, 'chargeback')
      else await flagMember(tx, userId, 'chargeback', `payment:${p.id}`)
      premiumAt = 'chargeback'
    }
    const taken = creditsFor(credits, p.totalMinor, now) - creditsFor(credits, p.totalMinor, before)
    if (taken <= 0) continue
    const r = await bookCredits(tx, { userId, delta: -taken, reason: kind, reference: `payment:${p.id}`, key: `${kind}:${p.id}:${now}`, clampAtZero: true })
    if (r.booked) {
      outcomes.push(kind)
      await recordEvent(tx, { type: 'payment.reversed', payload: { paymentId: p.id, userId, reason: kind, credits: -r.delta } })
    }
  }

  // A repeated notification changes nothing, and writes nothing: the syncs running beside it need not start over.
  const changed = status !== p.status || Object.keys(patch).some((k) => k !== 'status' && k !== 'updatedAt')
  if (changed) await tx.update(payments).set(patch).where(eq(payments.id, p.id))
  if (premiumAt && userId !== null) await endPremiumWithoutStandingPurchase(tx, userId, p.id, premiumAt)
  return status
}

/**
 * Premium is what a purchase that stands gives (spec: the first bundle bought makes a member Premium): one whose
 * credits were booked, whose collection did not fail, and which was not wholly charged back or refunded. When a
 * failed collection or a chargeback leaves none, Premium ends, and the member is told (premium.ended: an e-mail).
 * A refund alone does not end it: it is the operators' decision, made in the console.
 */
async function endPremiumWithoutStandingPurchase(tx: Tx, userId: number, paymentId: number, reason: 'collection_failed' | 'chargeback'): Promise<void> {
  const [standing] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.creditsBooked, true),
        eq(payments.collectionFailed, false),
        sql`${payments.chargedBackMinor} + ${payments.refundedMinor} < ${payments.totalMinor}`,
      ),
    )
    .limit(1)
  if (standing) return
  const ended = await tx
    .update(users)
    .set({ paidUser: false })
    .where(and(eq(users.id, userId), eq(users.paidUser, true)))
    .returning({ id: users.id })
  if (ended.length) await recordEvent(tx, { type: 'premium.ended', payload: { userId, paymentId, reason } })
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
