import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'
import { companyInfo, contentPages } from '#db/schema/index'
import { defaultCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import { footerPages, renderContentSource, type RenderedPage } from '#app/features/content/content-pages.server'
import { recordAudit } from '#app/features/console/operators/audit.server'
import type { OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { isLocale, locales, type Locale } from '#app/i18n/locales'
import { companyFields, type CompanyField } from './company-fields'
import { reasonSchema } from './settings-admin.server'

type Who = Pick<OperatorIdentity, 'id' | 'name'>

export const tokenPattern = /^[a-z0-9][a-z0-9-]{0,59}$/

export function parsePageKey(token: string | undefined, locale: string | undefined): { token: string; locale: Locale } | null {
  if (!token || !tokenPattern.test(token) || !locale || !isLocale(locale)) return null
  return { token, locale }
}

export interface ContentMatrix {
  tokens: string[]
  locales: readonly Locale[]
  /** `${token}/${locale}` → last change (ISO), for the pages that exist. */
  updated: Record<string, string>
}

/** Every page × locale: which exist and when each last changed. */
export async function contentMatrix(): Promise<ContentMatrix> {
  const rows = await db()
    .select({ token: contentPages.token, locale: contentPages.locale, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .orderBy(asc(contentPages.token))
  const tokens = [...new Set<string>([...footerPages, ...rows.map((r) => r.token)])]
  return { tokens, locales, updated: Object.fromEntries(rows.map((r) => [`${r.token}/${r.locale}`, r.updatedAt.toISOString()])) }
}

/** The stored Markdown of a page in a locale (null when that locale has none yet). */
export async function contentSource(token: string, locale: Locale): Promise<{ title: string; body: string } | null> {
  const [row] = await db()
    .select({ title: contentPages.title, body: contentPages.body })
    .from(contentPages)
    .where(and(eq(contentPages.token, token), eq(contentPages.locale, locale)))
  return row ?? null
}

export const contentPageSchema = z.object({
  title: z
    .string({ error: 'admin.content.error.title' })
    .trim()
    .min(1, { error: 'admin.content.error.title' })
    .max(200, { error: 'admin.content.error.title' }),
  body: z
    .string({ error: 'admin.content.error.body' })
    .trim()
    .min(1, { error: 'admin.content.error.body' })
    .max(100_000, { error: 'admin.content.error.body' }),
})

export type ContentErrors = Partial<Record<'title' | 'body' | 'reason', string>>

function firstErrors(issues: z.core.$ZodIssue[]): ContentErrors {
  const out: ContentErrors = {}
  for (const i of issues) out[String(i.path[0]) as keyof ContentErrors] ??= i.message
  return out
}

/** The page as members would see it, through the same placeholders and sanitising renderer; nothing is stored. */
export async function previewContentPage(
  token: string,
  locale: Locale,
  input: { title: unknown; body: unknown },
): Promise<{ ok: true; page: RenderedPage } | { ok: false; errors: ContentErrors }> {
  const parsed = contentPageSchema.safeParse(input)
  if (!parsed.success) return { ok: false, errors: firstErrors(parsed.error.issues) }
  return { ok: true, page: await renderContentSource(token, locale, parsed.data.title, parsed.data.body) }
}

/** Saves a page's title and Markdown in a locale (creating it there), with its audit line in the same transaction. */
export async function saveContentPage(
  operator: Who,
  token: string,
  locale: Locale,
  input: { title: unknown; body: unknown; reason: unknown },
): Promise<{ ok: true } | { ok: false; errors: ContentErrors }> {
  const parsed = contentPageSchema.safeParse(input)
  const reason = reasonSchema.safeParse(input.reason)
  if (!parsed.success || !reason.success)
    return {
      ok: false,
      errors: { ...(parsed.success ? {} : firstErrors(parsed.error.issues)), ...(reason.success ? {} : { reason: reason.error.issues[0].message }) },
    }
  const { title, body } = parsed.data
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ body: contentPages.body })
      .from(contentPages)
      .where(and(eq(contentPages.token, token), eq(contentPages.locale, locale)))
    await tx
      .insert(contentPages)
      .values({ token, locale, title, body })
      .onConflictDoUpdate({ target: [contentPages.token, contentPages.locale], set: { title, body, updatedAt: sql`now()` } })
    await recordAudit(
      {
        operator,
        action: before ? 'content.edit' : 'content.create',
        target: { type: 'content_page', id: `${token}/${locale}` },
        reason: reason.data,
        details: { token, locale, oldLength: before?.body.length ?? null, newLength: body.length },
      },
      tx,
    )
  })
  return { ok: true }
}

const list = (max: number) =>
  z
    .string()
    .transform((s) =>
      s
        .split(/[\n,]+/)
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(max, { error: 'admin.company.error.text' })).max(20, { error: 'admin.company.error.text' }))

export const companySchema = z.object({
  name: z.string().trim().min(1, { error: 'admin.company.error.required' }).max(120, { error: 'admin.company.error.text' }),
  address: z.string().trim().min(1, { error: 'admin.company.error.required' }).max(200, { error: 'admin.company.error.text' }),
  registrationNumber: z.string().trim().min(1, { error: 'admin.company.error.required' }).max(60, { error: 'admin.company.error.text' }),
  city: z.string().trim().min(1, { error: 'admin.company.error.required' }).max(80, { error: 'admin.company.error.text' }),
  country: z.string().trim().min(1, { error: 'admin.company.error.required' }).max(80, { error: 'admin.company.error.text' }),
  tradenames: list(120),
  vatNumbers: list(30),
  supportPhone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 \-()]{5,30}$/, { error: 'admin.company.error.phone' }),
  deleteDiscount: z.coerce
    .number({ error: 'admin.company.error.discount' })
    .int({ error: 'admin.company.error.discount' })
    .min(0, { error: 'admin.company.error.discount' })
    .max(100, { error: 'admin.company.error.discount' }),
})

/** The company details as the form shows them (lists one per line). */
export async function companyFormValues(): Promise<Record<CompanyField, string>> {
  const { company_id: id } = await getSettings()
  const [row] = await db().select().from(companyInfo).where(eq(companyInfo.id, id))
  const r = row ?? { ...defaultCompanyInfo }
  return {
    name: r.name,
    address: r.address,
    registrationNumber: r.registrationNumber,
    city: r.city,
    country: r.country,
    tradenames: r.tradenames.join('\n'),
    vatNumbers: r.vatNumbers.join('\n'),
    supportPhone: r.supportPhone,
    deleteDiscount: String(r.deleteDiscount),
  }
}

/** Saves the company details (the row the setting company_id names); the audit line names the fields that changed. */
export async function saveCompanyInfo(
  operator: Who,
  input: Record<string, unknown>,
): Promise<{ ok: true; changed: string[] } | { ok: false; errors: Partial<Record<CompanyField | 'reason', string>> }> {
  const parsed = companySchema.safeParse(input)
  const reason = reasonSchema.safeParse(input.reason)
  if (!parsed.success || !reason.success) {
    const errors: Partial<Record<CompanyField | 'reason', string>> = {}
    if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0]) as CompanyField] ??= i.message
    if (!reason.success) errors.reason = reason.error.issues[0].message
    return { ok: false, errors }
  }
  const v = parsed.data
  const { company_id: id } = await getSettings()
  const changed = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(companyInfo).where(eq(companyInfo.id, id)).for('update')
    const diff = before ? companyFields.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(v[k])) : [...companyFields]
    if (!diff.length) return diff
    await tx
      .insert(companyInfo)
      .values({ id, ...v })
      .onConflictDoUpdate({ target: companyInfo.id, set: v })
    // Company details are public (imprint, terms), so the old and new values may be kept with the line.
    await recordAudit(
      {
        operator,
        action: 'company.edit',
        target: { type: 'company', id },
        reason: reason.data,
        details: Object.fromEntries(diff.map((k) => [k, { old: before?.[k] ?? null, new: v[k] }])),
      },
      tx,
    )
    return diff
  })
  return { ok: true, changed }
}
