import { mail } from '#app/adapters/mail/index.server'
import { publicUrl } from '#app/lib/env.server'
import { renderEmail } from '#app/ui/email/render-email.server'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import { enableNotifications, notificationsDisabled } from './preferences.server'
import { recipientByUser } from './recipient.server'
import { signLink, verifyLink } from '#app/lib/signed-links.server'

const CONFIRM_TTL_S = 7 * 24 * 3600

/**
 * The member asks for e-mails again (spec section 4, disabled-notifications alert). After a complaint or a mail-app
 * unsubscribe their word is enough; after a bounce the address must first prove it works: a confirmation link
 * goes to it, and notifications come back when it is followed.
 */
export async function requestNotificationsAgain(userId: number): Promise<'enabled' | 'confirm_sent'> {
  const reasons = await notificationsDisabled(userId)
  if (!reasons.includes('bounce')) {
    await enableNotifications(userId)
    return 'enabled'
  }
  const r = await recipientByUser(userId, 0)
  if (!r) return 'confirm_sent'
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const token = signLink('notify-confirm', userId, 'bounce', CONFIRM_TTL_S)
  const content = renderEmail({
    locale: r.locale,
    siteName: settings.mail_name || settings.name,
    company: company.name,
    name: r.name,
    subjectId: 'email.confirmNotifications.subject',
    bodyId: 'email.confirmNotifications.body',
    buttonId: 'email.confirmNotifications.button',
    url: `${publicUrl()}/notifications/confirm?token=${encodeURIComponent(token)}`,
  })
  await mail().send({ to: r.email, kind: 'notifications_confirm', ...content })
  return 'confirm_sent'
}

/** The link of that e-mail: valid for a week; turns notifications back on. */
export async function confirmNotificationsAgain(token: string | null): Promise<boolean> {
  const v = verifyLink('notify-confirm', token)
  if (!v) return false
  await enableNotifications(v.userId)
  return true
}
