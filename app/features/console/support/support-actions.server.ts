import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { loginFailures, payments, profiles, refundRequests, users } from '#db/schema/index'
import { accountKeysLike } from '#app/features/authentication/login-lockout.server'
import { resendActivation } from '#app/features/accounts/activation.server'
import { requestAccountDeletion } from '#app/features/accounts/deletion.server'
import { streamAccountExport } from '#app/features/accounts/export-data.server'
import { bookCredits } from '#app/features/billing/ledger.server'
import { refundPayment, type RefundResult } from '#app/features/billing/refunds.server'
import { revokeSessions } from '#app/features/authentication/revoke-sessions.server'
import { recordAudit } from '#app/features/console/operators/audit.server'
import type { OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'

/**
 * Support's actions on a member's account (issue 13, section 3). Each writes its audit line in the transaction of
 * the change. Two have an outside effect that no transaction can hold (an e-mail, the payment provider's refund):
 * their line is written right after the effect succeeded, and says what it did. Nothing here acts as the member.
 */
type Who = Pick<OperatorIdentity, 'id' | 'name'>
const target = (userId: number) => ({ type: 'member', id: userId })

export type ActionOutcome<R extends string = never> =
  { ok: true; code: string; values?: Record<string, string | number> } | { ok: false; code: R | 'not_found'; values?: Record<string, string | number> }

async function exists(userId: number) {
  const [u] = await db()
    .select({ id: users.id, status: users.status, profileId: profiles.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  return u ?? null
}

/**
 * Sends the activation e-mail again through the member's own path, so the daily limit (settings
 * max_activation_emails_per_day) holds for support too: that limit protects the member's inbox and the sender's
 * reputation, whoever asks. No reason is asked: nothing of the account changes.
 */
export async function supportResendActivation(op: Who, userId: number): Promise<ActionOutcome<'already_active' | 'too_many'>> {
  if (!(await exists(userId))) return { ok: false, code: 'not_found' }
  const r = await resendActivation(userId)
  if (r !== 'sent') return { ok: false, code: r }
  await recordAudit({ operator: op, action: 'member.activation_resent', target: target(userId) })
  return { ok: true, code: 'activation_sent' }
}

/**
 * Lifts the account's login blocks (spec section 4), over all addresses and at each one, and forgets their
 * failures. Blocks of an address for every account stay.
 */
export async function liftLoginLockout(op: Who, userId: number, reason: string): Promise<ActionOutcome<'not_locked'>> {
  if (!(await exists(userId))) return { ok: false, code: 'not_found' }
  return db().transaction(async (tx) => {
    const gone = await tx
      .delete(loginFailures)
      .where(accountKeysLike(`account:${userId}`))
      .returning({ blockedUntil: loginFailures.blockedUntil, failures: loginFailures.failures })
    if (!gone.length) return { ok: false as const, code: 'not_locked' as const }
    const wasBlocked = gone.some((g) => !!g.blockedUntil && g.blockedUntil.getTime() > Date.now())
    const failures = gone.reduce((sum, g) => sum + g.failures, 0)
    await recordAudit({ operator: op, action: 'member.lockout_lifted', target: target(userId), reason, details: { wasBlocked, failures } }, tx)
    return { ok: true as const, code: 'lockout_lifted' }
  })
}

/**
 * Ends every session of the member. Their open sockets close at once on every process (revokeSessions announces
 * the revocation after the commit; server/ws-hub.server.ts re-checks the session).
 */
export async function logOutEverywhere(op: Who, userId: number, reason: string): Promise<ActionOutcome> {
  const u = await exists(userId)
  if (!u) return { ok: false, code: 'not_found' }
  const ended = await db().transaction(async (tx) => {
    const n = await revokeSessions(tx, { userId }, 'support')
    await recordAudit({ operator: op, action: 'member.sessions_ended', target: target(userId), reason, details: { sessions: n } }, tx)
    return n
  })
  wakeJobRunner()
  return { ok: true, code: 'sessions_ended', values: { count: ended } }
}

/** A fresh idempotency key for one rendered credit form. */
export const newAdjustmentKey = () => crypto.randomBytes(18).toString('base64url')

/**
 * Adds or takes credits with a reason: one ledger entry (reason 'adjustment') and the audit line in one transaction.
 * The form's key makes a double submit book once; the balance never goes below 0 (the ledger refuses, and so would
 * the database's check constraints).
 */
export async function adjustCredits(
  op: Who,
  userId: number,
  input: { delta: number; reason: string; key: string },
): Promise<ActionOutcome<'duplicate' | 'insufficient'>> {
  if (!(await exists(userId))) return { ok: false, code: 'not_found' }
  return db().transaction(async (tx) => {
    const r = await bookCredits(tx, {
      userId,
      delta: input.delta,
      reason: 'adjustment',
      reference: `operator:${op.id}`,
      key: `adjustment:${userId}:${input.key}`,
    })
    if (!r.booked) return { ok: false as const, code: r.reason, values: { balance: r.balance } }
    await recordAudit(
      {
        operator: op,
        action: 'credits.adjusted',
        target: target(userId),
        reason: input.reason,
        details: { delta: r.delta, balance: r.balance, ledgerEntryId: r.entryId },
      },
      tx,
    )
    return { ok: true as const, code: 'credits_adjusted', values: { balance: r.balance } }
  })
}

/**
 * Refunds one of the member's payments within refund_days through the payment provider (billing's refundPayment:
 * the provider is asked with an idempotency key, and the reversal is booked on the ledger by the same sync as the
 * provider's webhook, once). A second request for a refunded payment is answered "already refunded".
 */
export async function supportRefund(
  op: Who,
  userId: number,
  paymentId: number,
  reason: string,
): Promise<ActionOutcome<Exclude<RefundResult & { ok: false }, { ok: true }>['reason'] | 'already_refunded'>> {
  const [p] = await db()
    .select({ id: payments.id, totalMinor: payments.totalMinor, refundedMinor: payments.refundedMinor, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
  if (!p) return { ok: false, code: 'not_found' }
  if (p.refundedMinor >= p.totalMinor) return { ok: false, code: 'already_refunded' }
  const r = await refundPayment(paymentId)
  if (!r.ok) return { ok: false, code: r.reason === 'too_much' ? 'already_refunded' : r.reason }
  await recordAudit({
    operator: op,
    action: 'payment.refunded',
    target: target(userId),
    reason,
    details: { paymentId, amountMinor: r.refundedMinor - p.refundedMinor, currency: p.currency },
  })
  // The member's request for this payment, if they filed one, is answered by this refund.
  await db()
    .update(refundRequests)
    .set({ status: 'refunded', decidedBy: op.id, decidedAt: new Date() })
    .where(and(eq(refundRequests.paymentId, paymentId), eq(refundRequests.status, 'open')))
  return { ok: true, code: 'refunded' }
}

/**
 * The member's data (GDPR access), exactly as the member's own export gives it (payments included), streamed the
 * same way. Reading it is an operator action too: the audit line says who took it.
 */
export async function exportMemberData(op: Who, userId: number, reason: string | null) {
  const chunks = await streamAccountExport(userId)
  if (!chunks) return null
  await recordAudit({ operator: op, action: 'member.exported', target: target(userId), reason })
  return chunks
}

/**
 * Erases an account on the member's request: exactly the self-deletion (pending_deletion, profile hidden, sessions
 * ended, reactivation link for 14 days, then the erasure job), with the audit line in its transaction.
 */
export async function eraseOnRequest(op: Who, userId: number, reason: string): Promise<ActionOutcome<'already_deleted'>> {
  const u = await exists(userId)
  if (!u) return { ok: false, code: 'not_found' }
  if (u.status === 'pending_deletion' || u.status === 'deleted') return { ok: false, code: 'already_deleted' }
  await requestAccountDeletion(userId, 'other', {
    inTransaction: (tx) => recordAudit({ operator: op, action: 'member.erased', target: target(userId), reason, details: { previousStatus: u.status } }, tx),
  })
  return { ok: true, code: 'erased' }
}
