import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { paidPayment } from '../../../tests/setup/payments'
import { db } from '#db/client.server'
import { auditLog, payments, refundRequests, users } from '#db/schema/index'
import { startCheckout } from './checkout.server'
import { createOperator } from '#app/features/console/operators/operator-accounts.server'
import { answerRefundRequest } from '#app/features/console/support/refund-queue.server'
import { supportRefund } from '#app/features/console/support/support-actions.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { openRefundRequests, refundRequestOf, requestRefund } from './refund-requests.server'

useTestDatabase()

const DAY = 86_400_000
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now()}`.padEnd(20, 'x')

const support = async () => {
  const id = await createOperator({ email: `support-${key()}@ops.test`, name: 'Sam Support', role: 'support', password: 'correct-horse-battery' })
  return { id, name: 'Sam Support' }
}
const credits = async (userId: number) => (await db().select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c

describe('refund requests (issue 28)', () => {
  it('a member asks once per paid payment, in time, with a reason; only about their own payments', async () => {
    const m = await createMember()
    const other = await createMember()
    const p = await paidPayment(m.userId)
    expect(await requestRefund(m.userId, p.id, 'short')).toEqual({ ok: false, error: 'invalid', message: 'refund.reasonShort' })
    expect(await requestRefund(m.userId, p.id, undefined)).toEqual({ ok: false, error: 'invalid', message: 'refund.reasonRequired' })
    expect(await requestRefund(other.userId, p.id, 'I bought the wrong package by mistake.')).toEqual({ ok: false, error: 'not_refundable' })
    expect(await refundRequestOf(m.userId, p.id)).toBeNull()

    expect(await requestRefund(m.userId, p.id, '  I bought the wrong package by mistake.  ')).toEqual({ ok: true })
    expect(await requestRefund(m.userId, p.id, 'Asking a second time, to be sure.')).toEqual({ ok: false, error: 'already_requested' })
    expect(await refundRequestOf(m.userId, p.id)).toMatchObject({ status: 'open', answer: null, decidedAt: null })
    // Nobody else reads it.
    expect(await refundRequestOf(other.userId, p.id)).toBeNull()
    const [row] = await db().select().from(refundRequests).where(eq(refundRequests.paymentId, p.id))
    expect(row.reason).toBe('I bought the wrong package by mistake.')
    expect((await openRefundRequests()).map((r) => r.paymentId)).toContain(p.id)
  })

  it('not after the refund period, and not for an open payment', async () => {
    await updateSetting('refund_days', 14)
    const m = await createMember()
    const p = await paidPayment(m.userId)
    const late = new Date(p.paidAt!.getTime() + 15 * DAY)
    expect(await requestRefund(m.userId, p.id, 'I changed my mind about this.', late)).toEqual({ ok: false, error: 'too_late' })
    const open = await startCheckout({ userId: m.userId, bundleId: 'm', method: 'ideal', idempotencyKey: key(), locale: 'en' })
    if (!open.ok) throw new Error(open.reason)
    expect(await requestRefund(m.userId, open.paymentId, 'I changed my mind about this.')).toEqual({ ok: false, error: 'not_refundable' })
  })

  it('support refunds it through the provider, judged by the day the member asked; the credits go back; audited once', async () => {
    await updateSetting('refund_days', 14)
    const m = await createMember()
    const p = await paidPayment(m.userId)
    const before = await credits(m.userId)
    // Asked on day 13, answered on day 16: the request keeps the member's right.
    await requestRefund(m.userId, p.id, 'The chat did not work on my phone.', new Date(p.paidAt!.getTime() + 13 * DAY))
    await db()
      .update(payments)
      .set({ paidAt: new Date(Date.now() - 16 * DAY) })
      .where(eq(payments.id, p.id))
    await db()
      .update(refundRequests)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(refundRequests.paymentId, p.id))
    const op = await support()
    const [req] = await db().select({ id: refundRequests.id }).from(refundRequests).where(eq(refundRequests.paymentId, p.id))
    const r = await answerRefundRequest(op, req.id, { kind: 'refund' })
    expect(r).toMatchObject({ ok: true, code: 'refunded', paymentId: p.id, amountMinor: p.totalMinor })
    const [after] = await db().select().from(payments).where(eq(payments.id, p.id))
    expect(after.refundedMinor).toBe(p.totalMinor)
    expect(await credits(m.userId)).toBe(before - p.credits)
    expect(await refundRequestOf(m.userId, p.id)).toMatchObject({ status: 'refunded', decidedAt: expect.any(String) })
    expect(await answerRefundRequest(op, req.id, { kind: 'refund' })).toEqual({ ok: false, code: 'already_decided' })
    const lines = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund_request.refunded'), eq(auditLog.targetId, String(m.userId))))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ operatorId: op.id, details: { requestId: req.id, paymentId: p.id } })
  })

  it('support declines with an answer the member reads; no answer, no decline; nothing refunded', async () => {
    const m = await createMember()
    const p = await paidPayment(m.userId)
    await requestRefund(m.userId, p.id, 'I used all the credits but want my money back.')
    const [req] = await db().select({ id: refundRequests.id }).from(refundRequests).where(eq(refundRequests.paymentId, p.id))
    const op = await support()
    expect(await answerRefundRequest(op, req.id, { kind: 'decline', answer: '  ' })).toEqual({ ok: false, code: 'answer_required' })
    expect(await answerRefundRequest(op, req.id, { kind: 'decline', answer: 'The credits of this purchase have all been used.' })).toMatchObject({
      ok: true,
      code: 'declined',
    })
    expect(await refundRequestOf(m.userId, p.id)).toMatchObject({ status: 'declined', answer: 'The credits of this purchase have all been used.' })
    const [after] = await db().select().from(payments).where(eq(payments.id, p.id))
    expect(after.refundedMinor).toBe(0)
    expect(await answerRefundRequest(op, 999_999, { kind: 'refund' })).toEqual({ ok: false, code: 'not_found' })
  })

  it("a refund from the member's page answers their open request too", async () => {
    const m = await createMember()
    const p = await paidPayment(m.userId)
    await requestRefund(m.userId, p.id, 'Please refund this purchase, thank you.')
    const op = await support()
    expect(await supportRefund(op, m.userId, p.id, 'member asked by phone')).toEqual({ ok: true, code: 'refunded' })
    expect(await refundRequestOf(m.userId, p.id)).toMatchObject({ status: 'refunded' })
    expect((await openRefundRequests()).map((r) => r.paymentId)).not.toContain(p.id)
  })
})
