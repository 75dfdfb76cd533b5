import { mail } from '#app/adapters/mail/index.server'
import { publicUrl } from '#app/lib/env.server'
import { renderEmail, type EmailProfile } from '#app/ui/email/render-email.server'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import { logNotification } from '../notification-log.server'
import type { EmailType } from '../preferences'
import type { Actor, Recipient } from '../recipient.server'
import { signLink } from '#app/lib/signed-links.server'

/** The unsubscribe link of one e-mail type for one member: works without a login, never expires. */
export function unsubscribeUrl(userId: number, type: EmailType): string {
  return `${publicUrl()}/unsubscribe?token=${encodeURIComponent(signLink('unsubscribe', userId, type))}`
}

/** An actor as an e-mail shows them: name, age and place, the approved main photo, a link to the profile. */
export async function emailProfile(a: Actor): Promise<EmailProfile> {
  const { cdn_prefix } = await getSettings()
  const media = /^https?:\/\//.test(cdn_prefix) ? cdn_prefix : `${publicUrl()}${cdn_prefix}`
  return { name: a.name, detail: `${a.age}, ${a.place}`, url: `${publicUrl()}/members/${a.profileId}`, imageUrl: a.thumb ? `${media}/${a.thumb}` : null }
}

/**
 * Renders a notification e-mail in the recipient's language and sends it with one-click unsubscribe headers
 * (RFC 8058), then logs it for the throttles. The caller has decided that it may go (mayEmail and its own rules).
 */
export async function sendNotificationEmail(
  r: Recipient,
  type: EmailType,
  opts: { ref?: string; prefix: string; path: string; values?: Record<string, string | number>; profiles?: EmailProfile[] },
): Promise<void> {
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const unsubscribe = unsubscribeUrl(r.userId, type)
  const content = renderEmail({
    locale: r.locale,
    siteName: settings.mail_name || settings.name,
    company: company.name,
    name: r.name,
    subjectId: `${opts.prefix}.subject`,
    bodyId: `${opts.prefix}.body`,
    buttonId: `${opts.prefix}.button`,
    url: `${publicUrl()}${opts.path}`,
    values: opts.values,
    profiles: opts.profiles,
    ignoreNote: false,
    unsubscribe: { url: unsubscribe, settingsUrl: `${publicUrl()}/notifications` },
  })
  await mail().send({
    to: r.email,
    kind: type,
    ...content,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  })
  await logNotification(r.userId, 'email', type, opts.ref ?? '')
}
