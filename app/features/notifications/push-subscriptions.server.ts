import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'
import { pushSubscriptions } from '#db/schema/index'
import { withWrite } from '#app/features/settings/write-limits.server'

/** The browser's PushSubscription.toJSON(), as POST /api/user.php?push=1 receives it. */
export const pushSubscriptionSchema = z.object({
  subscription: z.object({
    endpoint: z
      .url()
      .max(2000)
      .refine((u) => u.startsWith('https://'), 'push endpoints are https'),
    keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(8).max(100) }),
  }),
})

/**
 * Stores (or moves to this member and session) a push subscription; one row per endpoint. It belongs to the session
 * that registered it and is deleted with it (the foreign key cascades): logout, "log out everywhere", a password
 * change or reset end the pushes of every session they end.
 */
export async function savePushSubscription(userId: number, sessionId: string, sub: z.infer<typeof pushSubscriptionSchema>['subscription']): Promise<void> {
  await db()
    .insert(pushSubscriptions)
    .values({ userId, sessionId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, sessionId, p256dh: sub.keys.p256dh, auth: sub.keys.auth } })
}

export type PushSubscribeOutcome = { ok: true } | { ok: false; error: 'invalid' | 'no_session' }

/**
 * A member's push subscription as the browser sends it: takes an account_change write token first (too often: the
 * body is not even read), then reads (`read` gives the body's plain value) and validates it, and stores it for the
 * session (`sessionId`, null without one).
 */
export function submitPushSubscription(userId: number, sessionId: string | null, read: () => Promise<unknown>) {
  return withWrite('account_change', userId, async (): Promise<PushSubscribeOutcome> => {
    const parsed = pushSubscriptionSchema.safeParse(await read())
    if (!parsed.success) return { ok: false, error: 'invalid' }
    if (!sessionId) return { ok: false, error: 'no_session' }
    await savePushSubscription(userId, sessionId, parsed.data.subscription)
    return { ok: true }
  })
}

export async function hasPushSubscription(userId: number): Promise<boolean> {
  const [row] = await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1)
  return !!row
}

export async function listPushSubscriptions(userId: number): Promise<{ id: number; endpoint: string; p256dh: string; auth: string }[]> {
  return db()
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
}

/** The push service said the subscription is gone (404/410): forget it. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await db().delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
}
