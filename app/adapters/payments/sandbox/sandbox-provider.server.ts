import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { enqueueJobs } from '#db/jobs.server'
import { sandboxPayments } from '#db/schema/index'
import { publicUrl } from '#app/lib/env.server'
import type { JobRunner } from '#app/lib/jobs/job-runner.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import type { CreatePaymentInput, PaymentProvider, ProviderPayment, ProviderStatus } from '../provider'
import { ProviderError } from '../provider'

/**
 * The embedded payment provider: it keeps its own books (sandbox_payments), serves a hosted test page where the
 * payer picks the outcome (app/routes/sandbox-checkout.tsx), and calls our webhook over HTTP with only the payment
 * id, later and again on failure, as a real provider does. No money moves.
 */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  // Its page plays the stored card's charge (sandbox-checkout.tsx says "(stored card)").
  chargesStoredCards: true,

  async createPayment(input: CreatePaymentInput) {
    if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0) throw new ProviderError('amount must be a positive integer', 422)
    const id = `sbx_${randomBytes(9).toString('base64url')}`
    // A direct debit collection needs nothing from the payer: it waits at the bank (pending) until settled.
    const mandate = input.recurring && 'mandateId' in input.recurring ? input.recurring.mandateId : null
    const status: ProviderStatus = mandate ? 'pending' : 'open'
    await db()
      .insert(sandboxPayments)
      .values({
        id,
        amountMinor: input.amountMinor,
        currency: input.currency,
        method: input.method,
        description: input.description.slice(0, 200),
        status,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        mandateId: mandate,
        storedCard: !!input.recurring && 'storedCard' in input.recurring,
      })
      .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
    const [row] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey))
    return { id: row.id, status: row.status as ProviderStatus, checkoutUrl: row.mandateId ? null : `${publicUrl()}/sandbox/checkout/${row.id}` }
  },

  async getPayment(id: string): Promise<ProviderPayment> {
    const row = await getSandboxPayment(id)
    if (!row) throw new ProviderError('payment not found', 404)
    return {
      id: row.id,
      status: row.status as ProviderStatus,
      amountMinor: row.amountMinor,
      currency: row.currency,
      refundedMinor: row.refundedMinor,
      chargedBackMinor: row.chargedBackMinor,
      reference: row.reference,
    }
  },

  async refund(paymentId, amountMinor, currency, idempotencyKey) {
    const refundId = `sbx_re_${createHash('sha256').update(`${paymentId}:${idempotencyKey}`).digest('base64url').slice(0, 12)}`
    const [row] = await db()
      .update(sandboxPayments)
      .set({
        refundedMinor: sql`${sandboxPayments.refundedMinor} + ${amountMinor}`,
        refundKeys: sql`array_append(${sandboxPayments.refundKeys}, ${idempotencyKey})`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sandboxPayments.id, paymentId),
          eq(sandboxPayments.status, 'paid'),
          eq(sandboxPayments.currency, currency),
          sql`not (${idempotencyKey} = any(${sandboxPayments.refundKeys}))`,
          sql`${sandboxPayments.refundedMinor} + ${sandboxPayments.chargedBackMinor} + ${amountMinor} <= ${sandboxPayments.amountMinor}`,
        ),
      )
      .returning({ id: sandboxPayments.id })
    if (row) return { id: refundId }
    // The same request again: the refund it made, not a second one.
    const [done] = await db()
      .select({ id: sandboxPayments.id })
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, paymentId), sql`${idempotencyKey} = any(${sandboxPayments.refundKeys})`))
    if (done) return { id: refundId }
    throw new ProviderError('payment cannot be refunded', 422)
  },

  async createMandate(input) {
    // Deterministic per idempotency key, like a provider that recognises a retried request.
    const h = createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 14)
    return { customerId: `sbx_cst_${h}`, mandateId: `sbx_mdt_${h}` }
  },
}

export async function getSandboxPayment(id: string) {
  const [row] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, id))
  return row ?? null
}

/** What the payer (or, for chargebacks and collections, the bank) can decide on the test page. */
export const sandboxOutcomes = ['paid', 'failed', 'canceled', 'pending_then_paid', 'chargeback', 'collection_failed'] as const
export type SandboxOutcome = (typeof sandboxOutcomes)[number]

/** Seconds the sandbox waits before calling the webhook: long enough to show the pending state. */
const WEBHOOK_DELAY_MS = 1200
const SETTLE_DELAY_MS = 3000

/**
 * Applies an outcome on the provider's side and schedules the webhook call. Returns where the payer goes next,
 * or null when the outcome does not apply to the payment's state (nothing changes).
 */
export async function decideSandboxPayment(id: string, outcome: SandboxOutcome, opts: { webhookDelayMs?: number } = {}): Promise<string | null> {
  const from: Record<SandboxOutcome, string[]> = {
    paid: ['open', 'pending'],
    failed: ['open', 'pending'],
    canceled: ['open'],
    pending_then_paid: ['open'],
    chargeback: ['paid'],
    collection_failed: ['pending', 'paid'],
  }
  const set =
    outcome === 'chargeback'
      ? { chargedBackMinor: sql`${sandboxPayments.amountMinor} - ${sandboxPayments.refundedMinor}` }
      : { status: outcome === 'pending_then_paid' ? 'pending' : outcome === 'collection_failed' ? 'failed' : outcome }
  const delay = opts.webhookDelayMs ?? WEBHOOK_DELAY_MS
  const row = await db().transaction(async (tx) => {
    const [r] = await tx
      .update(sandboxPayments)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, from[outcome])))
      .returning({ redirectUrl: sandboxPayments.redirectUrl })
    if (!r) return null
    await enqueueJobs(tx, [
      { name: 'sandbox.webhook', payload: { id }, delayMs: delay, maxAttempts: 10 },
      ...(outcome === 'pending_then_paid' ? [{ name: 'sandbox.settle', payload: { id }, delayMs: delay + SETTLE_DELAY_MS }] : []),
    ])
    return r
  })
  if (row) wakeJobRunner()
  return row?.redirectUrl ?? null
}

/** The sandbox's background work: webhook calls (retried on any non-2xx answer) and delayed settlements. */
export function registerSandboxProvider(runner: JobRunner): void {
  runner
    .defineJob('sandbox.webhook', async (payload) => {
      const row = await getSandboxPayment(String(payload.id))
      if (!row) return
      const res = await fetch(row.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: row.id }),
        signal: AbortSignal.timeout(10_000),
      })
      await res.arrayBuffer().catch(() => undefined)
      if (!res.ok) throw new Error(`webhook answered ${res.status}`)
    })
    .defineJob('sandbox.settle', async (payload) => {
      const id = String(payload.id)
      const r = await db()
        .update(sandboxPayments)
        .set({ status: 'paid', updatedAt: new Date() })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
        .returning({ id: sandboxPayments.id })
      if (r.length) await enqueueJobs(db(), [{ name: 'sandbox.webhook', payload: { id }, maxAttempts: 10 }])
    })
}
