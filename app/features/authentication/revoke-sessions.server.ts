import { and, eq, inArray, ne } from 'drizzle-orm'
import { db, type Tx } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { sessions } from '#db/schema/index'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { securityLog } from '#app/lib/security-log.server'

/** Why sessions ended: one word per path, for the security log (ids only). */
export type RevocationReason = 'logout' | 'logout_everywhere' | 'password_changed' | 'password_reset' | 'email_reverted' | 'restricted' | 'deletion' | 'support'

/** Whose sessions end: all of a member's (but one, to keep the device that asked), or one by its stored id. */
export type RevocationTarget = { userId: number; except?: string | null } | { sessionId: string | string[] }

/**
 * The one way sessions end (issue 24, point 8). Deletes them in the caller's transaction and records
 * `sessions.revoked` in it: after the commit the job runner's live reaction (app/features/notifications/
 * live-fan-out.server.ts announceSessionsRevoked) publishes a session check on the member's bus topic, and every
 * process's hub closes that member's sockets whose session is gone (server/ws-hub.server.ts), at once rather than
 * at the next minute's check. Call wakeJobRunner() after the commit (revokeSessionsNow does).
 */
export async function revokeSessions(tx: Tx, target: RevocationTarget, reason: RevocationReason): Promise<number> {
  const where =
    'sessionId' in target
      ? // One session, stored under any of the ids its token may have (keys per purpose: current and previous key).
        Array.isArray(target.sessionId)
        ? inArray(sessions.id, target.sessionId)
        : eq(sessions.id, target.sessionId)
      : target.except
        ? and(eq(sessions.userId, target.userId), ne(sessions.id, target.except))
        : eq(sessions.userId, target.userId)
  const rows = await tx.delete(sessions).where(where).returning({ userId: sessions.userId })
  const userId = 'userId' in target ? target.userId : rows[0]?.userId
  if (userId === undefined) return 0
  await recordEvent(tx, { type: 'sessions.revoked', payload: { userId } })
  securityLog('sessions.revoked', { userId, reason, sessions: rows.length })
  return rows.length
}

/** revokeSessions in a transaction of its own, and the announcement woken right after its commit. */
export async function revokeSessionsNow(target: RevocationTarget, reason: RevocationReason): Promise<number> {
  const n = await db().transaction((tx) => revokeSessions(tx, target, reason))
  wakeJobRunner()
  return n
}
