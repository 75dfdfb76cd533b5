import { and, eq, ne, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { profiles, sessions, users } from '#db/schema/index'
import { usernameSchema } from './accounts.schema'
import { sendAccountEmail } from './account-mail.server'
import { isCommonPassword } from '#app/features/authentication/common-passwords.server'
import { hashPassword, verifyPassword } from '#app/features/authentication/passwords.server'
import { consumeToken } from './tokens.server'

/** Changes the password after checking the old one; other sessions end, this one stays. */
export async function changePassword(userId: number, oldPassword: string, newPassword: string, keepSessionId?: string): Promise<'ok' | 'wrong_password' | 'common_password'> {
  const [u] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId))
  if (!u || !(await verifyPassword(u.hash, oldPassword))) return 'wrong_password'
  if (isCommonPassword(newPassword)) return 'common_password'
  const passwordHash = await hashPassword(newPassword)
  await db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId))
    await tx.delete(sessions).where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
  })
  return 'ok'
}

async function emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return !!row && row.id !== exceptUserId
}

/** Sends a confirmation link to the new address; the address changes only when it is followed. */
export async function requestEmailChange(userId: number, newEmail: string): Promise<'sent' | 'taken' | 'same'> {
  const [u] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (u && u.email.toLowerCase() === newEmail.toLowerCase()) return 'same'
  if (await emailTaken(newEmail, userId)) return 'taken'
  await sendAccountEmail(userId, 'email_change', { newEmail })
  return 'sent'
}

export async function confirmEmailChange(token: string | null): Promise<'ok' | 'invalid' | 'taken'> {
  const used = await consumeToken(token, 'email_change')
  if (!used?.newEmail) return 'invalid'
  if (await emailTaken(used.newEmail, used.userId)) return 'taken'
  try {
    await db().update(users).set({ email: used.newEmail }).where(eq(users.id, used.userId))
  } catch {
    return 'taken'
  }
  return 'ok'
}

/** Validates and saves a new username; answers the catalog ids of what is wrong with it. */
export async function changeUsername(userId: number, name: unknown): Promise<{ ok: true } | { ok: false; errors: string[] }> {
  const parsed = usernameSchema.safeParse(name)
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => i.message) }
  await db().update(profiles).set({ name: parsed.data }).where(eq(profiles.userId, userId))
  return { ok: true }
}
