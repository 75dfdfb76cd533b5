import { eq } from 'drizzle-orm'
import { mail } from '#app/adapters/mail/index.server'
import { isLocale } from '#app/i18n/locales'
import { publicUrl } from '#app/lib/env.server'
import { db } from '#db/client.server'
import { profiles, users, type TokenPurpose } from '#db/schema/index'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { getSettings } from '#app/features/settings/settings.server'
import { renderEmail } from '#app/ui/email/render-email.server'
import { issueToken } from './tokens.server'

const templates: Record<TokenPurpose, { path: string; prefix: string }> = {
  activation: { path: '/activate', prefix: 'email.activation' },
  password_reset: { path: '/reset-password/do', prefix: 'email.reset' },
  email_change: { path: '/mail-change/do', prefix: 'email.change' },
  reactivation: { path: '/reactivate', prefix: 'email.reactivation' },
  email_revert: { path: '/mail-change/revert', prefix: 'email.changeNotice' },
}

/**
 * Issues a single-use link of the given purpose and e-mails it in the member's language. `address`, when given, is
 * stored with the link and is where the mail goes: the new address of an e-mail change, the old one of its notice
 * (the address an undo restores). Links are built from PUBLIC_URL.
 */
export async function sendAccountEmail(
  userId: number,
  purpose: TokenPurpose,
  opts: { address?: string; values?: Record<string, string | number> } = {},
): Promise<void> {
  const [u] = await db()
    .select({ email: users.email, language: users.language, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!u) return
  const token = await issueToken(userId, purpose, opts.address)
  const [settings, company] = await Promise.all([getSettings(), getCompanyInfo()])
  const t = templates[purpose]
  const content = renderEmail({
    locale: isLocale(u.language) ? u.language : 'en',
    siteName: settings.mail_name || settings.name,
    company: company.name,
    name: u.name ?? '',
    subjectId: `${t.prefix}.subject`,
    bodyId: `${t.prefix}.body`,
    buttonId: `${t.prefix}.button`,
    url: `${publicUrl()}${t.path}?token=${encodeURIComponent(token)}`,
    values: opts.values,
  })
  await mail().send({ to: opts.address ?? u.email, kind: purpose, ...content })
}
