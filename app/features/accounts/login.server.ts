import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { eq, sql } from 'drizzle-orm'
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
