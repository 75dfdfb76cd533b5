import crypto from 'node:crypto'
import { mail } from '#app/adapters/mail/index.server'
import type { Locale } from '#app/i18n/locales'
import { publicUrl } from '#app/lib/env.server'
import { db } from '#db/client.server'
import { complaints } from '#db/schema/index'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import { renderEmail } from '#app/ui/email/render-email.server'
import type { ComplaintInput } from './complaints.schema'
import { withWrite } from '#app/features/settings/write-limits.server'

/** A reference the complainant can quote: the date and six random characters without look-alikes. */
function newReference(now = new Date()): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = crypto.randomBytes(6)
  const code = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
  return `C-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${code}`
}

/**
 * Files a complaint (also the notice channel for illegal content, DSA article 16) with a reference number and
 * confirms it by e-mail in the complainant's language. The operator console handles the case (issue 13).
 */
export async function fileComplaint(input: ComplaintInput & { locale: Locale; reporterProfileId: number | null }): Promise<{ reference: string }> {
  const reference = newReference()
  await db()
    .insert(complaints)
    .values({
      reference,
      category: input.category,
      subject: input.subject ?? null,
      description: input.description,
      email: input.email,
      locale: input.locale,
      reporterProfileId: input.reporterProfileId,
    })
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const content = renderEmail({
    locale: input.locale,
    siteName: settings.mail_name || settings.name,
    company: company.name,
    name: '',
    subjectId: 'email.complaint.subject',
    bodyId: 'email.complaint.body',
    buttonId: 'email.complaint.button',
    url: `${publicUrl()}/pages/service`,
    values: { reference },
  })
  await mail().send({ to: input.email, kind: 'complaint', ...content })
  return { reference }
}

/**
 * A complaint as the form sends it, per client address (visitors file complaints too): enough for a real case, too
 * few to flood the queue. Takes a complaint write token first (too_often when spent), then files it.
 */
export function submitComplaint(clientIp: string, input: Parameters<typeof fileComplaint>[0]) {
  return withWrite('complaint', clientIp, () => fileComplaint(input))
}
