import { eq } from 'drizzle-orm'
import { mail } from '#app/adapters/mail/index.server'
import { isLocale } from '#app/i18n/locales'
import { serverIntl } from '#app/i18n/translate.server'
import { publicUrl } from '#app/lib/env.server'
import { db } from '#db/client.server'
import { complaints, moderationDecisions, profiles, users } from '#db/schema/index'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { appealUrl } from '#app/features/console/moderation/appeal-link.server'
import { isStatement, statementLines, type ContentType, type DecisionAction, type ModerationReason } from '#app/features/console/moderation/rules'
import { getSettings } from '#app/features/settings/settings.server'
import { renderEmail } from '#app/ui/email/render-email.server'

/**
 * A moderation decision reaches the member by e-mail in their language (DSA article 17): a photo's approval, or
 * the statement of reasons with the way to contest it. Sent whatever the member's e-mail choices: it is not
 * marketing and the law requires it. Nothing to an erased account.
 */
export async function mailModerationDecision(job: { decisionId: number }): Promise<'sent' | 'skipped'> {
  const [d] = await db()
    .select({
      id: moderationDecisions.id,
      action: moderationDecisions.action,
      contentType: moderationDecisions.contentType,
      reason: moderationDecisions.reason,
      note: moderationDecisions.note,
      suspendedUntil: moderationDecisions.suspendedUntil,
      createdAt: moderationDecisions.createdAt,
      automated: moderationDecisions.automated,
      appealOf: moderationDecisions.appealOf,
      appealedAt: moderationDecisions.appealedAt,
      userId: moderationDecisions.userId,
      email: users.email,
      language: users.language,
      status: users.status,
      name: profiles.name,
    })
    .from(moderationDecisions)
    .innerJoin(users, eq(users.id, moderationDecisions.userId))
    .innerJoin(profiles, eq(profiles.id, moderationDecisions.profileId))
    .where(eq(moderationDecisions.id, job.decisionId))
  if (!d || d.status === 'deleted') return 'skipped'
  const locale = isLocale(d.language) ? d.language : 'en'
  const t = serverIntl(locale)
  const action = d.action as DecisionAction
  const date = (iso: string | number) => (iso ? t.formatDate(iso, { dateStyle: 'long', timeStyle: 'short' }) : '')
  const details = isStatement(action)
    ? statementLines({ ...d, action, contentType: d.contentType as ContentType, reason: d.reason as ModerationReason }).map((l) => ({
        label: t.formatMessage({ id: l.labelId }),
        text: t.formatMessage({ id: l.id }, { date: date(l.values?.date ?? ''), until: date(l.values?.until ?? '') }),
      }))
    : []
  if (d.note && isStatement(action)) details.push({ label: t.formatMessage({ id: 'moderation.statement.note' }), text: d.note })
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const prefix = isStatement(action) ? 'email.decision' : 'email.photoApproved'
  const content = renderEmail({
    locale,
    siteName: settings.mail_name || settings.name,
    company: company.name,
    name: d.name,
    subjectId: `${prefix}.subject`,
    bodyId: `${prefix}.body`,
    buttonId: `${prefix}.button`,
    // A suspended or banned member cannot log in: their link opens the decision's appeal page directly.
    url: action === 'suspension' || action === 'ban' ? appealUrl(d.userId, d.id) : `${publicUrl()}/notifications#decisions`,
    values: { reference: `D-${d.id}` },
    details,
    ignoreNote: false,
  })
  await mail().send({ to: d.email, kind: 'moderation', ...content })
  return 'sent'
}

/** A closed complaint: its author is told the outcome in the language they wrote it in. */
export async function mailComplaintOutcome(job: { complaintId: number }): Promise<'sent' | 'skipped'> {
  const [c] = await db()
    .select({ reference: complaints.reference, email: complaints.email, locale: complaints.locale, outcome: complaints.outcome })
    .from(complaints)
    .where(eq(complaints.id, job.complaintId))
  if (!c?.outcome) return 'skipped'
  const locale = isLocale(c.locale) ? c.locale : 'en'
  const t = serverIntl(locale)
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const content = renderEmail({
    locale,
    siteName: settings.mail_name || settings.name,
    company: company.name,
    name: '',
    subjectId: 'email.complaintClosed.subject',
    bodyId: 'email.complaintClosed.body',
    buttonId: 'email.complaint.button',
    url: `${publicUrl()}/pages/service`,
    values: { reference: c.reference },
    details: [{ label: t.formatMessage({ id: 'email.complaintClosed.outcome' }), text: t.formatMessage({ id: `email.complaintClosed.${c.outcome}` }) }],
    ignoreNote: false,
  })
  await mail().send({ to: c.email, kind: 'complaint', ...content })
  return 'sent'
}
