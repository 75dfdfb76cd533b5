import { inArray, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'

/**
 * Members with an open socket are "seen" now: the hub calls this on connect and on every heartbeat for all its
 * sockets at once. Notifications use it to hold back e-mails while a member is online.
 */
export async function markSeen(userIds: number[]): Promise<void> {
  if (!userIds.length) return
  await db()
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(users.id, [...new Set(userIds)]))
}
