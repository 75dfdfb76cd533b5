import { eq } from 'drizzle-orm'
import { mail } from '#app/adapters/mail/index.server'
import { isLocale } from '#app/i18n/locales'
import { publicUrl } from '#app/lib/env.server'
import { db } from '#db/client.server'
import { profiles, users } from '#db/schema/index'
import type { EventPayload } from '#app/lib/domain-events'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import { renderEmail } from '#app/ui/email/render-email.server'

export type PremiumEndedJob = EventPayload<'premium.ended'>

/**
 * The member is told that their Premium ended, and why: the collection of a payment failed, or the payment was
 * charged back, and no other purchase stands (features/billing/payment-sync.server.ts). Sent whatever the member's
 * e-mail choices, as it is about their account and their money, not marketing. Nothing to an erased account, nor
 * when the member has become Premium again since (the e-mail would be wrong by the time it arrives).
 */
export async function mailPremiumEnded(job: PremiumEndedJob): Promise<'sent' | 'skipped'> {
  const [u] = await db()
    .select({ email: users.email, language: users.language, status: users.status, paidUser: users.paidUser, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, job.userId))
  if (!u || u.status === 'deleted' || u.paidUser) return 'skipped'
  const locale = isLocale(u.language) ? u.language : 'en'
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const content = renderEmail({
    locale,
    siteName: settings.mail_name || settings.name,
    company: company.name,
    name: u.name ?? '',
    subjectId: 'email.premiumEnded.subject',
    bodyId: 'email.premiumEnded.body',
    buttonId: 'email.premiumEnded.button',
    url: `${publicUrl()}/transactions/${job.paymentId}`,
    values: { reference: `#${job.paymentId}`, reason: job.reason },
    ignoreNote: false,
  })
  await mail().send({ to: u.email, kind: 'premium_ended', ...content })
  return 'sent'
}
