import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { contentPages } from '#db/schema/index'
import { locales, type Locale } from '#app/i18n/locales'
import { getSettings } from '#app/features/settings/settings.server'
import { getCompanyInfo } from './company-info.server'
import { fillPlaceholders, renderMarkdown } from './markdown.server'

/** The content pages of the footer (spec section 2); other tokens may exist in the database. */
export const footerPages = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const

// Spec section 9: the terms are valid from this moment, or from the company's added date when that is later.
const TERMS_FLOOR = Date.parse('2023-12-01T12:00:00Z')

export function termsDate(companyAdded: string): Date {
  return new Date(Math.max(TERMS_FLOOR, Date.parse(companyAdded)))
}

export interface RenderedPage {
  token: string
  locale: Locale
  title: string
  html: string
}

/**
 * A content page in the locale (English when that locale has no text for it), with the settings and company
 * details filled in and the Markdown rendered and sanitised on the server.
 */
export async function contentPage(token: string, locale: Locale): Promise<RenderedPage | null> {
  const rows = await db()
    .select({ locale: contentPages.locale, title: contentPages.title, body: contentPages.body })
    .from(contentPages)
    .where(eq(contentPages.token, token))
  const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === 'en')
  if (!row) return null
  return renderContentSource(token, row.locale as Locale, row.title, row.body)
}

/**
 * A page's Markdown source as the site shows it: the settings and company details filled in, the Markdown
 * rendered and sanitised. The console's preview uses this too, so what it shows is what members will see.
 */
export async function renderContentSource(token: string, locale: Locale, title: string, body: string): Promise<RenderedPage> {
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const values: Record<string, string> = {
    site_name: settings.name,
    company_name: company.name,
    company_address: `${company.address}, ${company.city}`,
    company_country: company.country,
    registration_number: company.registration_number,
    vat_number: company.vat_numbers.join(', '),
    support_email: settings.support_email,
    // Spec section 9: the support phone is shown without dashes and spaces.
    support_phone: company.support_phone,
    refund_days: String(settings.refund_days),
    terms_date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(termsDate(company.added)),
    domain: settings.domain,
  }
  return { token, locale, title: fillPlaceholders(title, values), html: renderMarkdown(fillPlaceholders(body, values)) }
}

/** Seeds the shipped default texts (db/seed/content/<locale>/<token>.md) that the database does not have yet. */
export async function ensureContentPages(dir = path.resolve('db/seed/content')): Promise<void> {
  if (!fs.existsSync(dir)) return
  const rows: { token: string; locale: string; title: string; body: string }[] = []
  for (const locale of locales) {
    const d = path.join(dir, locale)
    if (!fs.existsSync(d)) continue
    for (const file of fs.readdirSync(d).filter((f) => f.endsWith('.md'))) {
      const text = fs.readFileSync(path.join(d, file), 'utf8')
      const [first, ...rest] = text.split('\n')
      rows.push({ token: file.slice(0, -3), locale, title: first.replace(/^#\s*/, '').trim(), body: rest.join('\n').trim() })
    }
  }
  if (rows.length) await db().insert(contentPages).values(rows).onConflictDoNothing()
}
