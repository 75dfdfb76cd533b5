import { eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { verifyPassword } from './passwords.server'
import { destroySessionByHandle } from './sessions.server'

export type EndSessionResult = 'ended' | 'ended_current' | 'wrong_password' | 'not_found'

/**
 * "End this one" in the list of the member's sessions: behind the current password, so that a stolen session
 * cannot end the owner's own sessions to keep itself alone in the account. Ends that one session of this member
 * only; ending the current one is a logout (the caller clears the cookie).
 */
export async function endSessionWithPassword(userId: number, handle: string, password: string, currentToken: string | null): Promise<EndSessionResult> {
  const [u] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId))
  if (!u || !password || !(await verifyPassword(u.hash, password))) return 'wrong_password'
  const ended = await destroySessionByHandle(userId, handle, currentToken)
  if (!ended) return 'not_found'
  return ended.wasCurrent ? 'ended_current' : 'ended'
}
