import { eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { revokeSessions } from '#app/features/authentication/revoke-sessions.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { securityLog } from '#app/lib/security-log.server'
import { getSettings } from '#app/features/settings/settings.server'
import { sendAccountEmail } from './account-mail.server'
import { isCommonPassword } from '#app/features/authentication/common-passwords.server'
import { hashPassword } from '#app/features/authentication/passwords.server'
import { consumeToken, tokensIssuedToday } from './tokens.server'

export type ResetRequest = 'sent' | 'not_found' | 'too_many'

/** Sends a reset link ('E-mail address not found' and a daily limit are the spec's answers). */
export async function requestPasswordReset(email: string): Promise<ResetRequest> {
  const [u] = await db()
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!u || u.status === 'deleted') return 'not_found'
  const s = await getSettings()
  if ((await tokensIssuedToday(u.id, 'password_reset')) >= s.max_reset_emails_per_day) return 'too_many'
  await sendAccountEmail(u.id, 'password_reset')
  securityLog('password_reset.requested', { userId: u.id })
  return 'sent'
}

/** Sets a new password through a reset link; every session of the account ends. */
export async function resetPassword(token: string | null, password: string): Promise<{ ok: true; userId: number } | { ok: false; error?: 'common_password' }> {
  // Checked before the link is used up, so the member can choose another password with the same link.
  if (isCommonPassword(password)) return { ok: false, error: 'common_password' }
  const used = await consumeToken(token, 'password_reset')
  if (!used) {
    securityLog('password_reset.invalid')
    return { ok: false }
  }
  const passwordHash = await hashPassword(password)
  await db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId))
    await revokeSessions(tx, { userId: used.userId }, 'password_reset')
  })
  wakeJobRunner()
  securityLog('password_reset.completed', { userId: used.userId })
  return { ok: true, userId: used.userId }
}
