import { and, count, eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { likes, profiles, skips, users } from '#db/schema/index'
import { canContact } from '#app/policies/visibility.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { insertLike } from '#app/features/likes/likes.server'
import { getSettings } from '#app/features/settings/settings.server'
import { withWrite } from '#app/features/settings/write-limits.server'
import { nextMidnight, validTimeZone } from './time-zone'

export interface Allowance {
  likesLeft: number
  perDay: number
  /** When the next day's likes start: the member's next midnight. */
  resetsAt: string
}

export type SwipeLikeResult =
  | { ok: true; match: boolean; allowance: Allowance }
  | { ok: false; error: 'daily_limit'; allowance: Allowance }
  | { ok: false; error: 'not_found' | 'blocked' | 'self' | 'unconfirmed' }

// The day starts at midnight in the member's zone; a member without one counts in UTC.
const dayStart = (tz: string) => sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`

async function swipeLikesToday(q: Pick<ReturnType<typeof db>, 'select'>, profileId: number, tz: string): Promise<number> {
  const [r] = await q
    .select({ n: count() })
    .from(likes)
    .where(and(eq(likes.likerId, profileId), eq(likes.source, 'swipe'), sql`${likes.createdAt} >= ${dayStart(tz)}`))
  return r.n
}

/** Remembers the member's time zone when their browser tells a valid one. */
export async function rememberTimeZone(userId: number, tz: unknown): Promise<string | null> {
  const zone = validTimeZone(tz)
  if (zone)
    await db()
      .update(users)
      .set({ timeZone: zone })
      .where(and(eq(users.id, userId), sql`${users.timeZone} is distinct from ${zone}`))
  return zone
}

async function zoneOf(userId: number): Promise<string> {
  const [u] = await db().select({ tz: users.timeZone }).from(users).where(eq(users.id, userId))
  return validTimeZone(u?.tz) ?? 'UTC'
}

/** The swipe game's likes left today (spec section 9: 4 per day), counted on the server in the member's zone. */
export async function swipeAllowance(viewer: { userId: number; profileId: number }): Promise<Allowance> {
  const [settings, tz] = await Promise.all([getSettings(), zoneOf(viewer.userId)])
  const used = await swipeLikesToday(db(), viewer.profileId, tz)
  return { likesLeft: Math.max(0, settings.swipe_likes_per_day - used), perDay: settings.swipe_likes_per_day, resetsAt: nextMidnight(tz).toISOString() }
}

/**
 * A like from the swipe game. The member's account row is locked while today's swipe likes are counted and the
 * new one is written, so concurrent likes can never pass the daily allowance. A repeated like of the same profile
 * changes nothing and costs nothing.
 */
export async function swipeLike(viewer: { userId: number; profileId: number }, targetId: number): Promise<SwipeLikeResult> {
  const access = await canContact(viewer.profileId, targetId)
  if (!access.ok) return { ok: false, error: access.reason }
  const [settings, tz] = await Promise.all([getSettings(), zoneOf(viewer.userId)])
  const perDay = settings.swipe_likes_per_day
  const allowance = (used: number): Allowance => ({ likesLeft: Math.max(0, perDay - used), perDay, resetsAt: nextMidnight(tz).toISOString() })
  const r = await db().transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.userId)).for('update')
    const used = await swipeLikesToday(tx, viewer.profileId, tz)
    const [already] = await tx
      .select({ one: sql`1` })
      .from(likes)
      .where(and(eq(likes.likerId, viewer.profileId), eq(likes.likedId, targetId)))
    if (already) {
      // A repeat (a retried request) answers as the first like did: whether the two are a match.
      const [back] = await tx
        .select({ one: sql`1` })
        .from(likes)
        .where(and(eq(likes.likerId, targetId), eq(likes.likedId, viewer.profileId)))
      return { refused: false as const, match: !!back, created: false, used }
    }
    if (used >= perDay) return { refused: true as const, used }
    const like = await insertLike(tx, viewer.profileId, targetId, 'swipe')
    return { refused: false as const, ...like, used: used + 1 }
  })
  if (r.refused) return { ok: false, error: 'daily_limit', allowance: allowance(r.used) }
  if (r.created) wakeJobRunner()
  return { ok: true, match: r.match, allowance: allowance(r.used) }
}

/** Passing on a profile: it is not proposed again for swipe_skip_days. Skipping again renews the date. */
export async function skipProfile(viewerId: number, targetId: number): Promise<boolean> {
  if (viewerId === targetId) return false
  const [exists] = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.id, targetId))
  if (!exists) return false
  await db()
    .insert(skips)
    .values({ skipperId: viewerId, skippedId: targetId })
    .onConflictDoUpdate({ target: [skips.skipperId, skips.skippedId], set: { createdAt: sql`now()` } })
  return true
}

/** Undo of the last skip: the profile may be proposed again at once. */
export async function undoSkip(viewerId: number, targetId: number): Promise<boolean> {
  const rows = await db()
    .delete(skips)
    .where(and(eq(skips.skipperId, viewerId), eq(skips.skippedId, targetId)))
    .returning({ id: skips.skippedId })
  return rows.length > 0
}

export type SwipeMove = { intent: 'like' | 'skip' | 'undo'; profileId: number; tz?: string }
export type SwipeOutcome = { intent: 'skip'; ok: boolean } | { intent: 'undo'; ok: boolean } | ({ intent: 'like' } & SwipeLikeResult)

/**
 * A move of the swipe game as the member makes it: every move (a skip and its undo too) takes a like write token
 * first (too_often when spent). Not submitLike: a swipe like counts against the daily allowance (swipeLike).
 */
export function submitSwipe(viewer: { userId: number; profileId: number }, move: SwipeMove) {
  return withWrite('like', viewer.profileId, async (): Promise<SwipeOutcome> => {
    if (move.intent === 'skip') return { intent: 'skip', ok: await skipProfile(viewer.profileId, move.profileId) }
    if (move.intent === 'undo') return { intent: 'undo', ok: await undoSkip(viewer.profileId, move.profileId) }
    // The browser's zone decides where the member's day starts (the daily allowance).
    await rememberTimeZone(viewer.userId, move.tz)
    return { intent: 'like', ...(await swipeLike(viewer, move.profileId)) }
  })
}
