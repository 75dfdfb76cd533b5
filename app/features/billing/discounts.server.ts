import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { db, type DbOrTx, type Tx } from '#db/client.server'
import { discountCodes, discountRedemptions, payments, type DiscountKind } from '#db/schema/index'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import type { Settings } from '#app/features/settings/defaults'
import type { MemberBilling } from './member-billing.server'

export const TIME_BONUS_CODE = 'TIMEBONUS25'
export const WELCOME_CODE = 'WELCOME25'
// What every code is made of (the console's form, the system and retention codes). Anything else is not looked up:
// a typed code with a NUL byte made PostgreSQL fail the query, a 500 (found by `npm run scan`, docs/security.md).
const CODE_FORMAT = /^[A-Za-z0-9_-]{1,40}$/

/** Refusals with their texts in the catalogs (discount.error.*); the first two are the spec's own (section 5). */
export type DiscountError = 'not_found' | 'used' | 'expired' | 'minimum' | 'country' | 'method'

export interface Discount {
  id: number
  code: string
  kind: DiscountKind
  percentage: number
  /** When it stops applying for this member (the code's expiry, or the end of the welcome or time-bonus window). */
  endsAt: Date | null
  minimumOrderMinor: number | null
  currency: string | null
  paymentMethods: string[]
  singleUse: boolean
}

export type DiscountCheck = { ok: true; discount: Discount } | { ok: false; error: DiscountError; minimumMinor?: number; currency?: string }

const columns = {
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  percentage: discountCodes.percentage,
  minimumOrderMinor: discountCodes.minimumOrderMinor,
  currency: discountCodes.currency,
  country: discountCodes.country,
  userId: discountCodes.userId,
  expiresAt: discountCodes.expiresAt,
  status: discountCodes.status,
  singleUse: discountCodes.singleUse,
  paymentMethods: discountCodes.paymentMethods,
  usageLimit: discountCodes.usageLimit,
}

/** The two codes of spec section 9 exist on every site (created at start; the operator may change the percentage). */
export async function ensureSystemDiscountCodes(): Promise<void> {
  await db()
    .insert(discountCodes)
    .values([
      { code: TIME_BONUS_CODE, kind: 'time_bonus', percentage: 25 },
      { code: WELCOME_CODE, kind: 'welcome', percentage: 25 },
    ])
    .onConflictDoNothing()
}

/** The end of the window in which a welcome or time-bonus code applies to a member, or null when it never does. */
function memberWindowEnd(kind: DiscountKind, m: Pick<MemberBilling, 'paidUser' | 'signupDate'>, s: Settings): Date | null | undefined {
  if (kind === 'time_bonus') return m.paidUser ? null : new Date(m.signupDate.getTime() + s.time_bonus_seconds * 1000)
  if (kind === 'welcome') return m.paidUser ? null : new Date(m.signupDate.getTime() + s.welcome_discount_hours * 3600_000)
  return undefined
}

async function redeemedElsewhere(q: DbOrTx, code: { id: number; singleUse: boolean }, userId: number): Promise<boolean> {
  // The member's own reservation (an unfinished checkout) does not count: a new checkout takes it over.
  const [r] = await q
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, code.id),
        ne(discountRedemptions.status, 'released'),
        code.singleUse
          ? or(eq(discountRedemptions.status, 'used'), ne(discountRedemptions.userId, userId))
          : and(eq(discountRedemptions.userId, userId), eq(discountRedemptions.status, 'used')),
      ),
    )
    .limit(1)
  return !!r
}

/**
 * The code's row with what the member's check needs of its redemptions, in one statement (issue 26: the time bonus
 * is checked on every page of a new member): whether it was redeemed elsewhere (as `redeemedElsewhere` asks) and,
 * for a code with a usage limit, the redemptions that count against it (reserved or used) other than the member's
 * own reservation.
 */
function codeWithRedemptions(q: DbOrTx, code: string, userId: number) {
  return q
    .select({
      ...columns,
      // The outer table by its full name: Drizzle writes a one-table select's columns unqualified, which inside
      // the subquery would name the redemption's own columns.
      redeemedElsewhere: sql<boolean>`exists (select 1 from ${discountRedemptions} r
        where r.code_id = discount_codes.id and r.status <> 'released' and case when discount_codes.single_use
          then (r.status = 'used' or r.user_id <> ${userId}::int) else (r.user_id = ${userId}::int and r.status = 'used') end)`,
      othersHolding: sql<number>`case when discount_codes.usage_limit is null then 0 else (select count(*) from ${discountRedemptions} r
        where r.code_id = discount_codes.id and r.status <> 'released' and (r.status = 'used' or r.user_id <> ${userId}::int)) end::int`,
    })
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, code.toUpperCase()))
}

/**
 * Checks a code for a member (spec section 5): it exists and is active, is theirs if personal, has not expired,
 * fits their country, the order's amount and the method, and was not used. Without an order amount or a method,
 * those two checks wait for the checkout.
 */
export async function checkDiscount(
  input: { code: string; member: MemberBilling; orderMinor?: number; method?: string; now?: Date },
  q: DbOrTx = db(),
  settings?: Settings,
): Promise<DiscountCheck> {
  const s = settings ?? (await getSettings())
  const now = input.now ?? new Date()
  const code = input.code.trim()
  if (!CODE_FORMAT.test(code)) return { ok: false, error: 'not_found' }
  const [row] = await codeWithRedemptions(q, code, input.member.userId)
  if (!row || row.status !== 'active' || (row.userId !== null && row.userId !== input.member.userId)) return { ok: false, error: 'not_found' }
  const windowEnd = memberWindowEnd(row.kind, input.member, s)
  if (windowEnd === null) return { ok: false, error: 'not_found' }
  const endsAt = [row.expiresAt, windowEnd].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0] ?? null
  if (endsAt && endsAt <= now) return { ok: false, error: 'expired' }
  if ((row.country && row.country !== input.member.country) || (row.currency && row.currency !== input.member.currency)) return { ok: false, error: 'country' }
  if (input.orderMinor !== undefined && row.minimumOrderMinor && input.orderMinor < row.minimumOrderMinor)
    return { ok: false, error: 'minimum', minimumMinor: row.minimumOrderMinor, currency: row.currency ?? input.member.currency }
  if (input.method && row.paymentMethods.length && !row.paymentMethods.includes(input.method)) return { ok: false, error: 'method' }
  if (row.redeemedElsewhere) return { ok: false, error: 'used' }
  if (row.usageLimit !== null && row.othersHolding >= row.usageLimit) return { ok: false, error: 'used' }
  return {
    ok: true,
    discount: {
      id: row.id,
      code: row.code,
      kind: row.kind,
      percentage: row.percentage,
      endsAt,
      minimumOrderMinor: row.minimumOrderMinor,
      currency: row.currency,
      paymentMethods: row.paymentMethods,
      singleUse: row.singleUse,
    },
  }
}

/**
 * The discount a member sees applied without typing anything (spec section 4): the time bonus while it runs,
 * else a personal code (the retention offer), else the welcome discount.
 */
export async function activeDiscount(member: MemberBilling, now = new Date()): Promise<Discount | null> {
  const s = await getSettings()
  const personal = await db()
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(
      and(eq(discountCodes.userId, member.userId), eq(discountCodes.status, 'active'), or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now))),
    )
    .limit(3)
  for (const code of [TIME_BONUS_CODE, ...personal.map((p) => p.code), WELCOME_CODE]) {
    const r = await checkDiscount({ code, member, now }, db(), s)
    if (r.ok) return r.discount
  }
  return null
}

/**
 * Holds a code for a checkout, in its transaction. The member's earlier unfinished checkouts give theirs up, and
 * so do other members' checkouts left open for an hour; the partial unique indexes then let one holder win.
 */
export async function reserveDiscount(tx: Tx, d: { id: number; singleUse: boolean }, userId: number, paymentId: number): Promise<boolean> {
  const stale = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'open'), lt(payments.createdAt, sql`now() - interval '1 hour'`)))
  await tx
    .update(discountRedemptions)
    .set({ status: 'released' })
    .where(
      and(
        eq(discountRedemptions.codeId, d.id),
        eq(discountRedemptions.status, 'reserved'),
        or(eq(discountRedemptions.userId, userId), inArray(discountRedemptions.paymentId, stale)),
      ),
    )
  // A usage limit (operator console): only then is the code's row locked, so concurrent checkouts count one after
  // the other (codes without a limit, like the welcome discount, are never a point of contention).
  const [limited] = await tx.select({ usageLimit: discountCodes.usageLimit }).from(discountCodes).where(eq(discountCodes.id, d.id))
  const [limit] =
    limited?.usageLimit != null
      ? await tx.select({ usageLimit: discountCodes.usageLimit }).from(discountCodes).where(eq(discountCodes.id, d.id)).for('update')
      : []
  if (limit?.usageLimit != null) {
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.codeId, d.id), ne(discountRedemptions.status, 'released')))
    if ((held?.n ?? 0) >= limit.usageLimit) return false
  }
  const inserted = await tx
    .insert(discountRedemptions)
    .values({ codeId: d.id, userId, paymentId, singleUse: d.singleUse })
    .onConflictDoNothing()
    .returning({ id: discountRedemptions.id })
  return inserted.length > 0
}

/** What became of a payment's discount when it was paid. */
export type DiscountAtPayment = 'none' | 'kept' | 'withdrawn'

/**
 * A payment is paid (or a collection credited): it spends its code if it still holds it and the code still applies
 * to the member now (issue 24, point 2). The amount was fixed at checkout, but the checkout's hold on the code is
 * what is honoured, not the price the provider was asked for:
 *  - its reservation stands: the code is spent (used), unless it ran out meanwhile (the code's expiry, the time
 *    bonus's or the welcome discount's window, the member's first purchase made by another payment): then it is
 *    given back and the payment is withdrawn its discount;
 *  - its reservation was released (a newer checkout of the member took the code over, or another member's after an
 *    hour): it gets the code back only when nobody holds it now and the code's limit allows; otherwise withdrawn.
 * So of five checkouts opened at once with one code, at most one is paid with its discount. The caller books a
 * withdrawn payment's credits at what its money buys at the list price (payment-sync.server.ts).
 * `member` is read under the member's row lock, before this payment changes it.
 */
export async function spendDiscountAtPayment(
  tx: Tx,
  paymentId: number,
  member: Pick<MemberBilling, 'paidUser' | 'signupDate'>,
  settings: Settings,
  now = new Date(),
): Promise<DiscountAtPayment> {
  const [r] = await tx
    .select({
      id: discountRedemptions.id,
      codeId: discountRedemptions.codeId,
      userId: discountRedemptions.userId,
      singleUse: discountRedemptions.singleUse,
      status: discountRedemptions.status,
    })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.paymentId, paymentId))
  if (!r) return 'none'
  if (r.status === 'used') return 'kept'
  const codeRow = tx
    .select({ kind: discountCodes.kind, expiresAt: discountCodes.expiresAt, usageLimit: discountCodes.usageLimit })
    .from(discountCodes)
    .where(eq(discountCodes.id, r.codeId))
  // A reclaim locks the code's row, as a reservation of a code with a usage limit does: they count one at a time.
  const [code] = r.status === 'released' ? await codeRow.for('update') : await codeRow
  const windowEnd = code ? memberWindowEnd(code.kind, member, settings) : null
  const endsAt = code ? [code.expiresAt, windowEnd].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0] : undefined
  const applies = !!code && windowEnd !== null && !(endsAt && endsAt <= now)
  if (!applies) {
    await releaseDiscount(tx, paymentId)
    return 'withdrawn'
  }
  if (r.status === 'released') {
    const [holder] = await tx
      .select({ id: discountRedemptions.id })
      .from(discountRedemptions)
      .where(
        and(
          eq(discountRedemptions.codeId, r.codeId),
          ne(discountRedemptions.status, 'released'),
          r.singleUse ? sql`true` : eq(discountRedemptions.userId, r.userId),
        ),
      )
      .limit(1)
    if (holder) return 'withdrawn'
    if (code.usageLimit !== null) {
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.codeId, r.codeId), ne(discountRedemptions.status, 'released')))
      if ((held?.n ?? 0) >= code.usageLimit) return 'withdrawn'
    }
  }
  await tx.update(discountRedemptions).set({ status: 'used' }).where(eq(discountRedemptions.id, r.id))
  return 'kept'
}

/** A payment that failed or was cancelled gives its code back. */
export async function releaseDiscount(tx: Tx, paymentId: number): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status: 'released' })
    .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.status, 'reserved')))
}

/**
 * The retention offer of the delete-account screen made real: a personal single-use code with the company's
 * delete_discount percentage, valid 30 days. Once per member, ever: asking again gives the same code while it can
 * still be used, and nothing once it was used or has run out (the screen's intent can be posted at will).
 */
export async function grantRetentionDiscount(userId: number): Promise<{ code: string; percentage: number; expiresAt: Date } | null> {
  const company = await getCompanyInfo()
  if (!(company.delete_discount > 0)) return null
  const now = new Date()
  return db().transaction(async (tx) => {
    // Two asks at once must see one another: the second waits and then finds the first one's code.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`retention:${userId}`}, 0))`)
    const [existing] = await tx
      .select({
        code: discountCodes.code,
        percentage: discountCodes.percentage,
        expiresAt: discountCodes.expiresAt,
        id: discountCodes.id,
        status: discountCodes.status,
      })
      .from(discountCodes)
      .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, 'retention')))
      .orderBy(discountCodes.id)
      .limit(1)
    if (existing) {
      const usable = existing.status === 'active' && existing.expiresAt! > now && !(await redeemedElsewhere(tx, { id: existing.id, singleUse: true }, userId))
      return usable ? { code: existing.code, percentage: existing.percentage, expiresAt: existing.expiresAt! } : null
    }
    const code = `STAY-${randomBytes(5).toString('hex').toUpperCase()}`
    const expiresAt = new Date(now.getTime() + 30 * 86400_000)
    const percentage = Math.min(100, company.delete_discount)
    await tx.insert(discountCodes).values({ code, kind: 'retention', percentage, userId, expiresAt, singleUse: true })
    return { code, percentage, expiresAt }
  })
}

/** The time bonus of a member while it runs (spec section 4); no query once it cannot apply any more. */
export async function timeBonusFor(member: MemberBilling, settings: Settings, now = new Date()): Promise<{ endsAt: string; percentage: number } | null> {
  if (member.paidUser || member.signupDate.getTime() + settings.time_bonus_seconds * 1000 <= now.getTime()) return null
  const r = await checkDiscount({ code: TIME_BONUS_CODE, member, now }, db(), settings)
  return r.ok && r.discount.endsAt ? { endsAt: r.discount.endsAt.toISOString(), percentage: r.discount.percentage } : null
}
