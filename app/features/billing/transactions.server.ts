import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'
import { payments, spendLimits } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { withWrite } from '#app/features/settings/write-limits.server'
import { toMinor } from './pricing'
import { refundDeadline } from './refunds.server'

const columns = {
  id: payments.id,
  bundleId: payments.bundleId,
  credits: payments.credits,
  currency: payments.currency,
  country: payments.country,
  method: payments.method,
  // 'sandbox': a simulated payment, marked so on the receipt and in the console (components/test-payment.tsx).
  provider: payments.provider,
  listPriceMinor: payments.listPriceMinor,
  discountMinor: payments.discountMinor,
  feeMinor: payments.feeMinor,
  totalMinor: payments.totalMinor,
  vatMinor: payments.vatMinor,
  vatRatePermille: payments.vatRate,
  status: payments.status,
  storedCard: payments.storedCard,
  refundedMinor: payments.refundedMinor,
  chargedBackMinor: payments.chargedBackMinor,
  collectionFailed: payments.collectionFailed,
  // Paid without the discount it no longer held: its credits are what the money buys at the list price.
  discountWithdrawn: payments.discountWithdrawn,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
}

export type Transaction = Omit<Awaited<ReturnType<typeof listTransactions>>[number], never>

function present(r: { createdAt: Date; paidAt: Date | null } & Record<string, unknown>, refundDays: number) {
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    refundUntil: r.paidAt ? refundDeadline(r.paidAt, refundDays).toISOString() : null,
  }
}

/** A member's purchases, newest first (only their own). */
export async function listTransactions(userId: number, limit = 100) {
  const s = await getSettings()
  const rows = await db().select(columns).from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.id)).limit(limit)
  return rows.map((r) => present(r, s.refund_days) as typeof r & { createdAt: string; paidAt: string | null; refundUntil: string | null })
}

/** One purchase of the member, or null when it is not theirs (the same answer as for one that does not exist). */
export async function getTransaction(userId: number, paymentId: number) {
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) return null
  const s = await getSettings()
  const [r] = await db()
    .select(columns)
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
  return r ? (present(r, s.refund_days) as typeof r & { createdAt: string; paidAt: string | null; refundUntil: string | null }) : null
}

export async function getSpendLimit(userId: number): Promise<{ monthlyLimitMinor: number; currency: string } | null> {
  const [r] = await db()
    .select({ monthlyLimitMinor: spendLimits.monthlyLimitMinor, currency: spendLimits.currency })
    .from(spendLimits)
    .where(eq(spendLimits.userId, userId))
  return r ?? null
}

/** Sets (or with null, removes) the member's monthly spend limit, in their currency. */
export async function setSpendLimit(userId: number, limit: { monthlyLimitMinor: number; currency: string } | null): Promise<void> {
  if (!limit) {
    await db().delete(spendLimits).where(eq(spendLimits.userId, userId))
    return
  }
  await db()
    .insert(spendLimits)
    .values({ userId, ...limit })
    .onConflictDoUpdate({ target: spendLimits.userId, set: { ...limit, updatedAt: new Date() } })
}

// Whole units of the member's currency as typed; '' takes the limit away.
const limitSchema = z.object({ limit: z.union([z.literal(''), z.coerce.number().int().min(1).max(100_000)]) })

export type SpendLimitOutcome = { ok: true; removed: boolean } | { ok: false; error: 'invalid' }

/**
 * The member's own monthly limit as the form sends it (plain value, in `currency`): takes an account change write
 * token first (too often: nothing is checked or stored), then validates and stores it.
 */
export function submitSpendLimit(userId: number, limit: unknown, currency: string) {
  return withWrite('account_change', userId, async (): Promise<SpendLimitOutcome> => {
    const parsed = limitSchema.safeParse({ limit: String(limit ?? '').trim() })
    if (!parsed.success) return { ok: false, error: 'invalid' }
    const removed = parsed.data.limit === ''
    await setSpendLimit(userId, parsed.data.limit === '' ? null : { monthlyLimitMinor: toMinor(parsed.data.limit, currency), currency })
    return { ok: true, removed }
  })
}
