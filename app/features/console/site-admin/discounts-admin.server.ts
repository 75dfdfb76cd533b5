import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'
import { discountCodes, discountRedemptions, payments } from '#db/schema/index'
import { paymentMethodIds } from '#app/features/billing/payment-methods'
import { recordAudit } from '#app/features/console/operators/audit.server'
import type { OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { isCountryCode } from './country-codes'
import { reasonSchema } from './settings-admin.server'
import { field, fieldValues, hasField, type FormFields } from '#app/lib/form-fields'

const optional = (s: unknown) => (typeof s === 'string' && s.trim() === '' ? undefined : s)

/** The create form (all strings from the form; amounts in major units, stored in minor units). */
export const createDiscountSchema = z
  .object({
    code: z
      .string({ error: 'admin.discounts.error.code' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: 'admin.discounts.error.code' })
      .transform((s) => s.toUpperCase()),
    percentage: z.coerce
      .number({ error: 'admin.discounts.error.percentage' })
      .int({ error: 'admin.discounts.error.percentage' })
      .min(1, { error: 'admin.discounts.error.percentage' })
      .max(100, { error: 'admin.discounts.error.percentage' }),
    minimumOrder: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .regex(/^\d{1,6}([.,]\d{1,2})?$/, { error: 'admin.discounts.error.minimum' })
        .transform((s) => Math.round(Number(s.replace(',', '.')) * 100))
        .optional(),
    ),
    currency: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .transform((s) => s.toUpperCase())
        .refine((s) => /^[A-Z]{3}$/.test(s), { error: 'admin.settings.error.currency' })
        .optional(),
    ),
    country: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .transform((s) => s.toUpperCase())
        .refine(isCountryCode, { error: 'admin.settings.error.country' })
        .optional(),
    ),
    expiresAt: z.preprocess(
      optional,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'admin.discounts.error.expires' })
        // The end of that day (UTC): a code "valid until 31 December" works all of that day.
        .transform((s) => new Date(`${s}T23:59:59Z`))
        .refine((d) => !Number.isNaN(d.getTime()) && d.getTime() > Date.now(), { error: 'admin.discounts.error.expires' })
        .optional(),
    ),
    usageLimit: z.preprocess(
      optional,
      z.coerce
        .number({ error: 'admin.discounts.error.limit' })
        .int({ error: 'admin.discounts.error.limit' })
        .min(1, { error: 'admin.discounts.error.limit' })
        .max(1_000_000, { error: 'admin.discounts.error.limit' })
        .optional(),
    ),
    paymentMethods: z.array(z.enum(paymentMethodIds as [string, ...string[]], { error: 'admin.settings.error.choice' })).default([]),
    reason: reasonSchema,
  })
  // A minimum order value is in one currency: without it the amount would mean something else in every country.
  .refine((v) => v.minimumOrder === undefined || v.currency !== undefined, { path: ['currency'], error: 'admin.discounts.error.minimumCurrency' })

export type CreateDiscountInput = z.input<typeof createDiscountSchema>
export type FieldErrors = Record<string, string>

/** The discount form's fields as the schema's input. */
export function discountFormInput(form: FormFields): Record<string, unknown> {
  const pick = (k: string) => (hasField(form, k) ? (field(form, k) ?? undefined) : undefined)
  return {
    code: pick('code'),
    percentage: pick('percentage'),
    minimumOrder: pick('minimumOrder'),
    currency: pick('currency'),
    country: pick('country'),
    expiresAt: pick('expiresAt'),
    usageLimit: pick('usageLimit'),
    paymentMethods: fieldValues(form, 'paymentMethods'),
    reason: pick('reason'),
  }
}

function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const k = String(issue.path[0] ?? 'form')
    out[k] ??= issue.message
  }
  return out
}

/** Creates a standard code; the audit line is written in the same transaction. */
export async function createDiscount(
  operator: Pick<OperatorIdentity, 'id' | 'name'>,
  input: Record<string, unknown>,
): Promise<{ ok: true; id: number } | { ok: false; errors: FieldErrors }> {
  const parsed = createDiscountSchema.safeParse(input)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) }
  const v = parsed.data
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: v.code,
        kind: 'standard',
        percentage: v.percentage,
        minimumOrderMinor: v.minimumOrder ?? null,
        currency: v.currency ?? null,
        country: v.country ?? null,
        expiresAt: v.expiresAt ?? null,
        usageLimit: v.usageLimit ?? null,
        paymentMethods: v.paymentMethods,
      })
      .onConflictDoNothing()
      .returning({ id: discountCodes.id })
    if (!row) return { ok: false as const, errors: { code: 'admin.discounts.error.codeTaken' } }
    await recordAudit(
      {
        operator,
        action: 'discount.create',
        target: { type: 'discount', id: row.id },
        reason: v.reason,
        details: {
          code: v.code,
          percentage: v.percentage,
          minimumOrderMinor: v.minimumOrder ?? null,
          currency: v.currency ?? null,
          country: v.country ?? null,
          expiresAt: v.expiresAt?.toISOString() ?? null,
          usageLimit: v.usageLimit ?? null,
          paymentMethods: v.paymentMethods,
        },
      },
      tx,
    )
    return { ok: true as const, id: row.id }
  })
}

/** Switches a code off (or on again); idempotent: a code already in that state writes nothing. */
export async function setDiscountStatus(
  operator: Pick<OperatorIdentity, 'id' | 'name'>,
  id: number,
  status: 'active' | 'disabled',
  reason: unknown,
): Promise<{ ok: true; changed: boolean } | { ok: false; errors: FieldErrors }> {
  const r = reasonSchema.safeParse(reason)
  if (!r.success) return { ok: false, errors: { reason: r.error.issues[0].message } }
  return db().transaction(async (tx) => {
    const updated = await tx
      .update(discountCodes)
      .set({ status })
      .where(and(eq(discountCodes.id, id), sql`${discountCodes.status} <> ${status}`))
      .returning({ id: discountCodes.id, code: discountCodes.code })
    if (!updated.length) return { ok: true as const, changed: false }
    await recordAudit(
      {
        operator,
        action: status === 'disabled' ? 'discount.disable' : 'discount.enable',
        target: { type: 'discount', id },
        reason: r.data,
        details: { code: updated[0].code },
      },
      tx,
    )
    return { ok: true as const, changed: true }
  })
}

export interface DiscountRow {
  id: number
  code: string
  kind: string
  percentage: number
  minimumOrderMinor: number | null
  currency: string | null
  country: string | null
  expiresAt: string | null
  usageLimit: number | null
  paymentMethods: string[]
  status: 'active' | 'disabled'
  used: number
  reserved: number
  createdAt: string
}

/** The site's codes (not members' personal retention codes) with how often each was used and is held. */
export async function listDiscounts(onlyId?: number): Promise<DiscountRow[]> {
  const rows = await db()
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      percentage: discountCodes.percentage,
      minimumOrderMinor: discountCodes.minimumOrderMinor,
      currency: discountCodes.currency,
      country: discountCodes.country,
      expiresAt: discountCodes.expiresAt,
      usageLimit: discountCodes.usageLimit,
      paymentMethods: discountCodes.paymentMethods,
      status: discountCodes.status,
      createdAt: discountCodes.createdAt,
      used: sql<number>`count(${discountRedemptions.id}) filter (where ${discountRedemptions.status} = 'used')::int`,
      reserved: sql<number>`count(${discountRedemptions.id}) filter (where ${discountRedemptions.status} = 'reserved')::int`,
    })
    .from(discountCodes)
    .leftJoin(discountRedemptions, eq(discountRedemptions.codeId, discountCodes.id))
    .where(and(isNull(discountCodes.userId), onlyId === undefined ? undefined : eq(discountCodes.id, onlyId)))
    .groupBy(discountCodes.id)
    .orderBy(desc(discountCodes.id))
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }))
}

export interface DiscountUse {
  paymentId: number
  userId: number
  status: string
  paymentStatus: string
  totalMinor: number
  discountMinor: number
  currency: string
  at: string
}

/** Which orders used (or hold) a code, with their amounts; member ids only, nothing else about them. */
export async function discountUses(codeId: number, limit = 200): Promise<DiscountUse[]> {
  const rows = await db()
    .select({
      paymentId: payments.id,
      userId: discountRedemptions.userId,
      status: discountRedemptions.status,
      paymentStatus: payments.status,
      totalMinor: payments.totalMinor,
      discountMinor: payments.discountMinor,
      currency: payments.currency,
      at: discountRedemptions.createdAt,
    })
    .from(discountRedemptions)
    .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .where(eq(discountRedemptions.codeId, codeId))
    .orderBy(desc(discountRedemptions.id))
    .limit(limit)
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }))
}

export async function discountById(id: number): Promise<DiscountRow | null> {
  return (await listDiscounts(id))[0] ?? null
}
