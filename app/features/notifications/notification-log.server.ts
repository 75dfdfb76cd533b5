import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { notificationLog } from '#db/schema/index'

/** Records that a notification went out (ids only), for the throttles. */
export async function logNotification(userId: number, channel: 'email', type: string, ref = ''): Promise<void> {
  await db().insert(notificationLog).values({ userId, channel, type, ref })
}

/** Did a notification of this type (or of one of these types), about `ref`, go to the member within `hours`? */
export async function sentWithin(userId: number, type: string | string[], ref: string, hours: number): Promise<boolean> {
  const [row] = await db()
    .select({ one: sql`1` })
    .from(notificationLog)
    .where(
      and(
        eq(notificationLog.userId, userId),
        inArray(notificationLog.type, Array.isArray(type) ? type : [type]),
        eq(notificationLog.ref, ref),
        gt(notificationLog.sentAt, sql`now() - (${hours} * interval '1 hour')`),
      ),
    )
    .limit(1)
  return !!row
}

/** The log only needs to reach back as far as the longest throttle. */
export async function pruneNotificationLog(olderThanDays = 30): Promise<void> {
  await db()
    .delete(notificationLog)
    .where(lt(notificationLog.sentAt, sql`now() - (${olderThanDays} * interval '1 day')`))
}
