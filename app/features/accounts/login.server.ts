import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { eq, sql } from 'drizzle-orm'
import { blockedMinutes, clearFailures, lockoutKeys, recordFailure } from './login-lockout.server'
import { hashPassword, verifyPassword } from './passwords.server'

// Verified against when the address is unknown, so a wrong e-mail and a wrong password take the same time.
let dummyHash: Promise<string> | undefined

export async function verifyLogin(email: string, password: string): Promise<{ userId: number } | null> {
  const [user] = await db()
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verifyPassword(await dummyHash, password)
    return null
  }
  const ok = await verifyPassword(user.passwordHash, password)
  if (!ok || user.status === 'deleted' || user.status === 'pending_deletion') return null
  await db().update(users).set({ lastSeenAt: sql`now()` }).where(eq(users.id, user.id))
  return { userId: user.id }
}

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; error: 'failed' }
  | { ok: false; error: 'blocked'; minutes: number }
  | { ok: false; error: 'pending_deletion' }

/**
 * A login attempt with the lockout of spec section 4: too many wrong passwords block the account and the address
 * for some minutes ('Too many incorrect attempts, account blocked for {minutes} min.'). An account pending
 * deletion is named only to someone who knows its password.
 */
export async function login(email: string, password: string, ip: string): Promise<LoginResult> {
  const [user] = await db()
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  const keys = lockoutKeys(user?.id ?? null, ip)
  const waiting = await blockedMinutes(keys)
  if (waiting > 0) return { ok: false, error: 'blocked', minutes: waiting }
  const ok = await verifyLogin(email, password)
  if (ok) {
    await clearFailures(ok.userId)
    return { ok: true, userId: ok.userId }
  }
  if (user?.status === 'pending_deletion' && (await verifyPassword(user.passwordHash, password))) return { ok: false, error: 'pending_deletion' }
  const minutes = await recordFailure(keys)
  return minutes > 0 ? { ok: false, error: 'blocked', minutes } : { ok: false, error: 'failed' }
}
