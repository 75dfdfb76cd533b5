import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'
import { payments, profiles, refundRequests, type RefundRequestStatus } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { withWrite } from '#app/features/settings/write-limits.server'
import { refundDeadline, refundPayment, type RefundResult } from './refunds.server'
import type { RefundRequestView } from './refund-request-types'

/**
 * Refund requests (issue 28): the receipt's "You can ask for a refund until {date}" leads to a form; the request
 * waits in the console for support, who refund it through the provider or decline it with an answer; the member
 * reads the outcome on the receipt. A request filed in time keeps its right after the deadline has passed.
 */

export const refundReasonSchema = z.string({ error: 'refund.reasonRequired' }).trim().min(10, 'refund.reasonShort').max(1000, 'validation.tooLong')

export type RefundRequestOutcome =
  { ok: true } | { ok: false; error: 'invalid'; message: string } | { ok: false; error: 'not_refundable' | 'too_late' | 'already_requested' }

/** The request of one of the member's payments, if any. */
export async function refundRequestOf(userId: number, paymentId: number): Promise<RefundRequestView | null> {
  const [r] = await db()
    .select({ status: refundRequests.status, createdAt: refundRequests.createdAt, decidedAt: refundRequests.decidedAt, answer: refundRequests.answer })
    .from(refundRequests)
    .where(and(eq(refundRequests.paymentId, paymentId), eq(refundRequests.userId, userId)))
  return r ? { status: r.status, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null, answer: r.answer } : null
}

/**
 * Files the member's request for a refund of one of their paid payments, within the refund period, once per
 * payment. Takes a payment write token first (a script cannot flood support's queue).
 */
export function requestRefund(userId: number, paymentId: number, reason: unknown, now = new Date()) {
  return withWrite('payment', userId, async (): Promise<RefundRequestOutcome> => {
    const parsed = refundReasonSchema.safeParse(reason)
    if (!parsed.success) return { ok: false, error: 'invalid', message: parsed.error.issues[0].message }
    const [p] = await db()
      .select({ status: payments.status, paidAt: payments.paidAt, totalMinor: payments.totalMinor, refundedMinor: payments.refundedMinor })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    if (!p || p.status !== 'paid' || !p.paidAt || p.refundedMinor >= p.totalMinor) return { ok: false, error: 'not_refundable' }
    const { refund_days: days } = await getSettings()
    if (now > refundDeadline(p.paidAt, days)) return { ok: false, error: 'too_late' }
    const inserted = await db()
      .insert(refundRequests)
      .values({ paymentId, userId, reason: parsed.data, createdAt: now })
      .onConflictDoNothing({ target: refundRequests.paymentId })
      .returning({ id: refundRequests.id })
    return inserted.length ? { ok: true } : { ok: false, error: 'already_requested' }
  })
}

/** Open requests for the console, oldest first, with what support needs to judge them. */
export async function openRefundRequests(limit = 200) {
  return db()
    .select({
      id: refundRequests.id,
      paymentId: refundRequests.paymentId,
      userId: refundRequests.userId,
      reason: refundRequests.reason,
      createdAt: refundRequests.createdAt,
      name: profiles.name,
      totalMinor: payments.totalMinor,
      currency: payments.currency,
      credits: payments.credits,
      paidAt: payments.paidAt,
    })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .leftJoin(profiles, eq(profiles.userId, refundRequests.userId))
    .where(eq(refundRequests.status, 'open'))
    .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id))
    .limit(limit)
}

export type RefundDecisionResult =
  | { ok: true; code: 'refunded' | 'declined'; paymentId: number; userId: number; amountMinor: number; currency: string }
  | { ok: false; code: 'not_found' | 'already_decided' | 'answer_required' | Exclude<RefundResult & { ok: false }, { ok: true }>['reason'] }

/**
 * Decides an open request: `refund` refunds the rest of the payment through the provider, judged by the date the
 * member asked (so a request filed in time is not lost to support's delay); `decline` needs an answer for the
 * member. A request is decided once; a second decision finds it decided.
 */
export async function decideRefundRequest(
  operatorId: number,
  requestId: number,
  decision: { kind: 'refund' } | { kind: 'decline'; answer: string },
): Promise<RefundDecisionResult> {
  const [r] = await db()
    .select({ status: refundRequests.status, paymentId: refundRequests.paymentId, userId: refundRequests.userId, createdAt: refundRequests.createdAt })
    .from(refundRequests)
    .where(eq(refundRequests.id, requestId))
  if (!r) return { ok: false, code: 'not_found' }
  if (r.status !== 'open') return { ok: false, code: 'already_decided' }
  const [p] = await db()
    .select({ refundedMinor: payments.refundedMinor, totalMinor: payments.totalMinor, currency: payments.currency })
    .from(payments)
    .where(eq(payments.id, r.paymentId))
  if (!p) return { ok: false, code: 'not_found' }
  const close = (status: RefundRequestStatus, answer: string | null) =>
    db()
      .update(refundRequests)
      .set({ status, answer, decidedBy: operatorId, decidedAt: new Date() })
      .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'open')))
      .returning({ id: refundRequests.id })
  if (decision.kind === 'decline') {
    const answer = decision.answer.trim()
    if (answer.length < 5 || answer.length > 1000) return { ok: false, code: 'answer_required' }
    const closed = await close('declined', answer)
    if (!closed.length) return { ok: false, code: 'already_decided' }
    return { ok: true, code: 'declined', paymentId: r.paymentId, userId: r.userId, amountMinor: 0, currency: p.currency }
  }
  // Refunded already (by support from the member's page): the request is answered by that refund.
  if (p.refundedMinor < p.totalMinor) {
    const refunded = await refundPayment(r.paymentId, { now: r.createdAt })
    if (!refunded.ok) return { ok: false, code: refunded.reason }
  }
  const closed = await close('refunded', null)
  if (!closed.length) return { ok: false, code: 'already_decided' }
  return { ok: true, code: 'refunded', paymentId: r.paymentId, userId: r.userId, amountMinor: p.totalMinor - p.refundedMinor, currency: p.currency }
}
