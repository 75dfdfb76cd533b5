import { recordAudit } from '#app/features/console/operators/audit.server'
import type { OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { decideRefundRequest, type RefundDecisionResult } from '#app/features/billing/refund-requests.server'

type Who = Pick<OperatorIdentity, 'id' | 'name'>

/**
 * Support's answer to a member's refund request (issue 28), with its line in the audit log: the refund through the
 * provider, or a decline whose answer the member reads on their receipt (the answer is the audit line's reason).
 */
export async function answerRefundRequest(
  op: Who,
  requestId: number,
  decision: { kind: 'refund' } | { kind: 'decline'; answer: string },
): Promise<RefundDecisionResult> {
  const r = await decideRefundRequest(op.id, requestId, decision)
  if (!r.ok) return r
  await recordAudit({
    operator: op,
    action: r.code === 'refunded' ? 'refund_request.refunded' : 'refund_request.declined',
    target: { type: 'member', id: r.userId },
    reason: decision.kind === 'decline' ? decision.answer.trim() : `refund request #${requestId}`,
    details: { requestId, paymentId: r.paymentId, amountMinor: r.amountMinor, currency: r.currency },
  })
  return r
}
