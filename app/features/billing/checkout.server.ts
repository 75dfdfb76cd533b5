import { and, desc, eq, gte, inArray, sql, TransactionRollbackError } from 'drizzle-orm'
import { db, type DbOrTx } from '#db/client.server'
import { payments, spendLimits, users } from '#db/schema/index'
import { paymentProvider } from '#app/adapters/payments/index.server'
import { publicUrl } from '#app/lib/env.server'
import { errorText } from '#app/lib/error-text'
import { logger } from '#app/lib/logger.server'
import { getSettings } from '#app/features/settings/settings.server'
import type { Settings } from '#app/features/settings/defaults'
import { findBundle, type BundleOffer } from './bundles.server'
import { isDirectDebitAvailable } from './direct-debit-availability.server'
import { isDirectDebitBlocked, mandateHashes, unsecuredDirectDebitMinor } from './direct-debit-risk.server'
import { checkDiscount, releaseDiscount, reserveDiscount, type DiscountError } from './discounts.server'
import { memberBilling, type MemberBilling } from './member-billing.server'
import { syncPayment } from './payment-sync.server'
import { findPaymentMethod, isCardMethod, methodsForCountry } from './payment-methods'
import { quote, type Quote } from './pricing'

export type CheckoutRefusal =
  | { reason: 'unknown_bundle' | 'method_unavailable' | 'direct_debit_required' | 'provider_error' | 'not_premium' | 'no_previous_order' }
  // Direct debit closed to this member, or to the mandate's IBAN or phone (direct-debit-risk.server.ts).
  | { reason: 'blocked' }
  // Direct debit on a production site whose text messages go nowhere (direct-debit-availability.server.ts).
  | { reason: 'direct_debit_off' }
  | { reason: 'spend_limit'; limitMinor: number; spentMinor: number; currency: string }
  | { reason: 'direct_debit_limit' }
  | { reason: 'discount'; error: DiscountError; minimumMinor?: number; currency?: string }

export type CheckoutResult = { ok: true; paymentId: number; redirectTo: string } | ({ ok: false } & CheckoutRefusal)

export interface CheckoutInput {
  userId: number
  bundleId: string
  method: string
  code?: string | null
  /** From the checkout form: the same form sent twice starts one payment. */
  idempotencyKey: string
  locale: string
  /** Repeat order with a card: charge the card used before. */
  storedCard?: boolean
  /** Direct debit: the confirmed mandate to collect from. */
  mandate?: { id: number; customerId: string; mandateId: string }
}

/** The price of a bundle for a member with a method and an optional code, as the checkout will charge it. */
export async function priceCheckout(
  member: MemberBilling,
  bundleId: string,
  method: string,
  code: string | null | undefined,
  settings: Settings,
): Promise<{ ok: true; quote: Quote; bundle: BundleOffer; discountId: number | null; singleUse: boolean } | ({ ok: false } & CheckoutRefusal)> {
  const bundle = findBundle(settings, member.country, bundleId)
  if (!bundle) return { ok: false, reason: 'unknown_bundle' }
  if (!methodsForCountry(member.country, settings.disabled_payment_methods).some((m) => m.id === method)) return { ok: false, reason: 'method_unavailable' }
  if (method === 'sepa_direct_debit' && !isDirectDebitAvailable()) return { ok: false, reason: 'direct_debit_off' }
  let percentage = 0
  let discountId: number | null = null
  let singleUse = false
  if (code?.trim()) {
    const d = await checkDiscount({ code, member, orderMinor: bundle.priceMinor, method }, db(), settings)
    if (!d.ok) return { ok: false, reason: 'discount', error: d.error, minimumMinor: d.minimumMinor, currency: d.currency }
    percentage = d.discount.percentage
    discountId = d.discount.id
    singleUse = d.discount.singleUse
  }
  const fee = settings.payment_method_fees[method] ?? (findPaymentMethod(method)?.card ? settings.payment_method_fees.creditcard : undefined)
  return {
    ok: true,
    quote: quote({ listPriceMinor: bundle.priceMinor, currency: bundle.currency, discountPercentage: percentage, fee, vatPercent: member.vatPercent }),
    bundle,
    discountId,
    singleUse,
  }
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))

/** What a member paid this calendar month (paid and still pending payments), in their currency. */
export async function spentThisMonth(userId: number, currency: string, now = new Date(), q: DbOrTx = db()): Promise<number> {
  const [r] = await q
    .select({ sum: sql<number>`coalesce(sum(${payments.totalMinor} - ${payments.refundedMinor}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.currency, currency),
        inArray(payments.status, ['paid', 'pending']),
        gte(payments.createdAt, monthStart(now)),
      ),
    )
  return r.sum
}

/**
 * The member's own monthly spend limit and, for direct debit, the site's limit (settings direct_debit_limit_minor):
 * within direct_debit_limit_days, and over all time for the money not (or no longer) collected, which a failed
 * collection never frees (direct-debit-risk.server.ts). Null when a purchase of `q` fits. The direct debit form
 * asks before it sends a code; the checkout asks again under the member's lock.
 */
export async function limitRefusal(
  tx: DbOrTx,
  userId: number,
  q: Pick<Quote, 'totalMinor' | 'currency'>,
  settings: Settings,
  directDebit: boolean,
): Promise<Extract<CheckoutRefusal, { reason: 'spend_limit' | 'direct_debit_limit' }> | null> {
  const [limit] = await tx
    .select({ monthlyLimitMinor: spendLimits.monthlyLimitMinor, currency: spendLimits.currency })
    .from(spendLimits)
    .where(eq(spendLimits.userId, userId))
  if (limit && limit.currency === q.currency) {
    const spent = await spentThisMonth(userId, q.currency, new Date(), tx)
    if (spent + q.totalMinor > limit.monthlyLimitMinor)
      return { reason: 'spend_limit', limitMinor: limit.monthlyLimitMinor, spentMinor: spent, currency: q.currency }
  }
  if (directDebit) {
    const [r] = await tx
      .select({ sum: sql<number>`coalesce(sum(${payments.totalMinor}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.method, 'sepa_direct_debit'),
          inArray(payments.status, ['paid', 'pending', 'open']),
          gte(payments.createdAt, new Date(Date.now() - settings.direct_debit_limit_days * 86400_000)),
        ),
      )
    if (r.sum + q.totalMinor > settings.direct_debit_limit_minor) return { reason: 'direct_debit_limit' }
    if ((await unsecuredDirectDebitMinor(tx, userId)) + q.totalMinor > settings.direct_debit_limit_minor) return { reason: 'direct_debit_limit' }
  }
  return null
}

/** A collection failed or was charged back since the form was sent: no collection from this member, IBAN or phone. */
async function directDebitClosed(tx: DbOrTx, userId: number, mandateId: number): Promise<{ reason: 'blocked' } | null> {
  const hashes = await mandateHashes(tx, mandateId)
  return (await isDirectDebitBlocked(tx, { userId, ...hashes })) ? { reason: 'blocked' } : null
}

/**
 * Starts a payment: checks the bundle, method, code and limits, records the payment and holds the code in one
 * transaction, then asks the provider for it. Everything the member is charged is decided here, on the server.
 */
export async function startCheckout(input: CheckoutInput): Promise<CheckoutResult> {
  const settings = await getSettings()
  const member = await memberBilling(input.userId, db(), settings)
  if (!member) return { ok: false, reason: 'unknown_bundle' }
  if (input.method === 'sepa_direct_debit' && !input.mandate) return { ok: false, reason: 'direct_debit_required' }
  if (input.storedCard && !isCardMethod(input.method)) return { ok: false, reason: 'method_unavailable' }

  const [existing] = await db()
    .select({ id: payments.id, checkoutUrl: payments.checkoutUrl, status: payments.status })
    .from(payments)
    .where(and(eq(payments.userId, input.userId), eq(payments.idempotencyKey, input.idempotencyKey)))
  if (existing)
    return {
      ok: true,
      paymentId: existing.id,
      redirectTo: existing.status === 'open' && existing.checkoutUrl ? existing.checkoutUrl : `/transactions/${existing.id}`,
    }

  const priced = await priceCheckout(member, input.bundleId, input.method, input.code, settings)
  if (!priced.ok) return priced
  const q = priced.quote

  const early = await limitRefusal(db(), input.userId, q, settings, input.method === 'sepa_direct_debit')
  if (early) return { ok: false, ...early }

  const provider = await paymentProvider()
  const created = await db()
    .transaction(async (tx) => {
      // One checkout at a time per member: the limits and the code's hold are decided alone. The limits are asked
      // again under the lock, so two checkouts at once cannot both fit under what only one of them fits under.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update')
      const refused =
        (input.mandate && (await directDebitClosed(tx, input.userId, input.mandate.id))) ||
        (await limitRefusal(tx, input.userId, q, settings, input.method === 'sepa_direct_debit'))
      if (refused) return { refused, duplicate: false as const }
      const [p] = await tx
        .insert(payments)
        .values({
          userId: input.userId,
          bundleId: input.bundleId,
          credits: priced.bundle.credits,
          country: member.country,
          currency: q.currency,
          method: input.method,
          listPriceMinor: q.listPriceMinor,
          discountMinor: q.discountMinor,
          feeMinor: q.feeMinor,
          totalMinor: q.totalMinor,
          vatMinor: q.vatMinor,
          vatRate: q.vatRatePermille,
          discountCodeId: priced.discountId,
          provider: provider.name,
          storedCard: !!input.storedCard,
          mandateId: input.mandate?.id ?? null,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id, createdAt: payments.createdAt })
      if (!p) return { duplicate: true as const }
      if (priced.discountId !== null && !(await reserveDiscount(tx, { id: priced.discountId, singleUse: priced.singleUse }, input.userId, p.id))) {
        tx.rollback()
      }
      return { duplicate: false as const, id: p.id, createdAt: p.createdAt }
    })
    .catch((e: unknown) => {
      if (e instanceof TransactionRollbackError) return { used: true as const }
      throw e
    })
  if ('used' in created) return { ok: false, reason: 'discount', error: 'used' }
  if (created.refused) return { ok: false, ...created.refused }
  if (created.duplicate) return startCheckout(input)

  const base = publicUrl()
  try {
    const r = await provider.createPayment({
      reference: String(created.id),
      amountMinor: q.totalMinor,
      currency: q.currency,
      description: `${settings.name} ${priced.bundle.credits} credits #${created.id}`,
      method: input.method,
      redirectUrl: `${base}/transactions/${created.id}`,
      webhookUrl: `${base}/webhooks/payments/${provider.name}`,
      locale: input.locale,
      // Unique beyond this database: the provider keeps keys per account, and our ids start again in another
      // database on the same account or after a restore, where a replayed answer would be another payment.
      idempotencyKey: `payment-${created.id}-${created.createdAt.getTime().toString(36)}`,
      recurring: input.mandate
        ? { customerId: input.mandate.customerId, mandateId: input.mandate.mandateId }
        : input.storedCard
          ? { storedCard: true }
          : undefined,
    })
    await db().update(payments).set({ providerPaymentId: r.id, checkoutUrl: r.checkoutUrl, updatedAt: new Date() }).where(eq(payments.id, created.id))
    if (!r.checkoutUrl) {
      // Nothing for the payer to do (a mandate is collected): book what the provider says now.
      await syncPayment(provider, r.id)
    }
    return { ok: true, paymentId: created.id, redirectTo: r.checkoutUrl ?? `/transactions/${created.id}` }
  } catch (e) {
    logger.warn({ paymentId: created.id, err: errorText(e) }, 'payment provider refused to create a payment')
    await db().transaction(async (tx) => {
      await tx.update(payments).set({ status: 'failed', failure: 'provider_error', updatedAt: new Date() }).where(eq(payments.id, created.id))
      await releaseDiscount(tx, created.id)
    })
    return { ok: false, reason: 'provider_error' }
  }
}

/** The last paid order (bundle and method) of a member, for the one-click repeat order. */
export async function lastOrder(userId: number): Promise<{ bundleId: string; method: string; paymentId: number } | null> {
  const [r] = await db()
    .select({ bundleId: payments.bundleId, method: payments.method, paymentId: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.creditsBooked, true)))
    .orderBy(desc(payments.id))
    .limit(1)
  return r ?? null
}
