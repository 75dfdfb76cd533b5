import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { accountTokens, profiles, users } from '#db/schema/index'
import { usernameSchema } from './accounts.schema'
import { sendAccountEmail } from './account-mail.server'
import { isCommonPassword } from '#app/features/authentication/common-passwords.server'
import { hashPassword, verifyPassword } from '#app/features/authentication/passwords.server'
import { revokeSessions } from '#app/features/authentication/revoke-sessions.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { securityLog } from '#app/lib/security-log.server'
import { consumeToken } from './tokens.server'

/** How long the old address may undo an e-mail change (the notice's link, tokens.server.ts). */
export const EMAIL_REVERT_DAYS = 14

async function passwordMatches(userId: number, password: string): Promise<boolean> {
  const [u] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId))
  return !!u && (await verifyPassword(u.hash, password))
}

/** Changes the password after checking the old one; other sessions end, this one stays. */
export async function changePassword(
  userId: number,
  oldPassword: string,
  newPassword: string,
  keepSessionId?: string,
): Promise<'ok' | 'wrong_password' | 'common_password'> {
  if (!(await passwordMatches(userId, oldPassword))) {
    securityLog('password.change_refused', { userId, reason: 'wrong_password' })
    return 'wrong_password'
  }
  if (isCommonPassword(newPassword)) {
    securityLog('password.change_refused', { userId, reason: 'common_password' })
    return 'common_password'
  }
  const passwordHash = await hashPassword(newPassword)
  await db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId))
    await revokeSessions(tx, { userId, except: keepSessionId }, 'password_changed')
  })
  wakeJobRunner()
  securityLog('password.changed', { userId })
  return 'ok'
}

async function emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return !!row && row.id !== exceptUserId
}

/**
 * Sends a confirmation link to the new address; the address changes only when it is followed. The current password
 * is asked first (issue 24, point 7): a session alone, stolen or left open, cannot move the account to another
 * mailbox and then reset the password through it.
 */
export async function requestEmailChange(userId: number, newEmail: string, password: string): Promise<'sent' | 'taken' | 'same' | 'wrong_password'> {
  if (!(await passwordMatches(userId, password))) {
    securityLog('email_change.refused', { userId, reason: 'wrong_password' })
    return 'wrong_password'
  }
  const [u] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (u && u.email.toLowerCase() === newEmail.toLowerCase()) return 'same'
  if (await emailTaken(newEmail, userId)) return 'taken'
  await sendAccountEmail(userId, 'email_change', { address: newEmail })
  securityLog('email_change.requested', { userId })
  return 'sent'
}

/**
 * Follows the link sent to the new address: the address changes, and the old one is told, with a link that undoes
 * the change within EMAIL_REVERT_DAYS (revertEmailChange).
 */
export async function confirmEmailChange(token: string | null): Promise<'ok' | 'invalid' | 'taken'> {
  const used = await consumeToken(token, 'email_change')
  if (!used?.newEmail) return 'invalid'
  if (await emailTaken(used.newEmail, used.userId)) return 'taken'
  const [before] = await db().select({ email: users.email }).from(users).where(eq(users.id, used.userId))
  if (!before) return 'invalid'
  try {
    await db().update(users).set({ email: used.newEmail }).where(eq(users.id, used.userId))
  } catch {
    return 'taken'
  }
  securityLog('email_change.confirmed', { userId: used.userId })
  if (before.email.toLowerCase() !== used.newEmail.toLowerCase()) {
    await sendAccountEmail(used.userId, 'email_revert', { address: before.email, values: { days: EMAIL_REVERT_DAYS } })
  }
  return 'ok'
}

export type RevertResult = 'ok' | 'invalid' | 'taken'

/**
 * The old address's link, within EMAIL_REVERT_DAYS: the account gets its old address back and the new password
 * (whoever changed the address knew the old one: it was asked for), every session ends and its sockets close, and
 * the links still open for the account (another change, a reset, another notice's undo) stop working, so whoever
 * made the change keeps no way back in.
 */
export async function revertEmailChange(token: string | null, newPassword: string): Promise<RevertResult> {
  const used = await consumeToken(token, 'email_revert')
  if (!used?.newEmail) return 'invalid'
  const oldAddress = used.newEmail
  if (await emailTaken(oldAddress, used.userId)) return 'taken'
  const passwordHash = await hashPassword(newPassword)
  try {
    await db().transaction(async (tx) => {
      await tx.update(users).set({ email: oldAddress, passwordHash }).where(eq(users.id, used.userId))
      await tx
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.userId, used.userId),
            inArray(accountTokens.purpose, ['email_change', 'password_reset', 'email_revert']),
            isNull(accountTokens.usedAt),
          ),
        )
      await revokeSessions(tx, { userId: used.userId }, 'email_reverted')
    })
  } catch {
    return 'taken'
  }
  wakeJobRunner()
  securityLog('email_change.reverted', { userId: used.userId })
  return 'ok'
}

/** Validates and saves a new username; answers the catalog ids of what is wrong with it. */
export async function changeUsername(userId: number, name: unknown): Promise<{ ok: true } | { ok: false; errors: string[] }> {
  const parsed = usernameSchema.safeParse(name)
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => i.message) }
  await db().update(profiles).set({ name: parsed.data }).where(eq(profiles.userId, userId))
  return { ok: true }
}
