import { db, type Tx } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { likes, profileImages, profiles, type LikeSource } from '#db/schema/index'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { canContact, notBlockedEitherWay, privacyModeAllows } from '#app/policies/visibility.server'
import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm'
import { preparedOnce } from '#db/prepared-once.server'
import { profileCardColumns, toProfileCard, type ProfileCard } from '#app/features/profiles/profile-view.server'
import { withWrite } from '#app/features/settings/write-limits.server'

export type LikeResult = { ok: true; match: boolean; created: boolean } | { ok: false; error: 'not_found' | 'blocked' | 'self' | 'unconfirmed' }

/**
 * Likes a profile once (a repeat is a no-op); a like back makes a match. The like and its events are one
 * transaction; the notifications feature tells the liked member (and both, for a match).
 */
export async function likeProfile(likerId: number, targetId: number, source: LikeSource = 'profile'): Promise<LikeResult> {
  const access = await canContact(likerId, targetId)
  if (!access.ok) return { ok: false, error: access.reason }
  const r = await db().transaction((tx) => insertLike(tx, likerId, targetId, source))
  if (r.created) wakeJobRunner()
  return { ok: true, ...r }
}

/**
 * The like itself inside the caller's transaction (after the caller checked canContact): a repeat is a no-op, a like
 * back makes a match, and the events go with it. The caller wakes the job runner after its commit.
 */
export async function insertLike(tx: Tx, likerId: number, targetId: number, source: LikeSource): Promise<{ match: boolean; created: boolean }> {
  // Two likes of each other at the same moment would each miss the other's uncommitted row and make no match: the
  // pair's likes take turns (a lock held until commit).
  const [low, high] = likerId < targetId ? [likerId, targetId] : [targetId, likerId]
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`likes:${low}:${high}`}, 0))`)
  const inserted = await tx.insert(likes).values({ likerId, likedId: targetId, source }).onConflictDoNothing().returning({ id: likes.id })
  const [back] = await tx
    .select({ one: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerId, targetId), eq(likes.likedId, likerId)))
  const match = !!back
  if (inserted.length) {
    await recordEvent(tx, { type: 'like.given', payload: { likerId, likedId: targetId, match } })
    if (match) await recordEvent(tx, { type: 'match.made', payload: { profileIds: [targetId, likerId], by: likerId } })
  }
  return { match, created: inserted.length > 0 }
}

export async function unlikeProfile(likerId: number, targetId: number): Promise<void> {
  await db()
    .delete(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, targetId)))
}

export async function hasLiked(likerId: number, targetId: number): Promise<boolean> {
  const [row] = await db()
    .select({ one: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, targetId)))
  return !!row
}

/** Opening a profile clears like_new for that profile's like of the viewer (spec section 4). */
export async function markLikeSeen(viewerId: number, likerId: number): Promise<void> {
  await db()
    .update(likes)
    .set({ isNew: false })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, viewerId), eq(likes.isNew, true)))
}

export type LikesTab = 'received' | 'sent' | 'matches'
export interface LikeEntry {
  profile: ProfileCard
  like_new: boolean
  likedAt: string
  /** The viewer likes them too (a match): a received like without it gets "Like back". */
  likedBack: boolean
}

function likesList(tab: LikesTab, viewerId: Placeholder) {
  const mine = sql`exists (select 1 from ${likes} l2 where l2.liker_id = ${viewerId} and l2.liked_id = ${likes.likerId})`
  const q = db()
    .select({ ...profileCardColumns, isNew: likes.isNew, likedAt: likes.createdAt, likedBack: tab === 'sent' ? sql<boolean>`false` : sql<boolean>`${mine}` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, tab === 'sent' ? likes.likedId : likes.likerId))
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
  const where =
    tab === 'sent'
      ? // Received likes and matches mean the other reached out; a sent like alone does not open a privacy-mode member.
        and(eq(likes.likerId, viewerId), notBlockedEitherWay(viewerId, profiles.id), eq(profiles.status, 'active'), privacyModeAllows(viewerId))
      : tab === 'received'
        ? and(eq(likes.likedId, viewerId), notBlockedEitherWay(viewerId, profiles.id), eq(profiles.status, 'active'))
        : and(eq(likes.likedId, viewerId), mine, notBlockedEitherWay(viewerId, profiles.id), eq(profiles.status, 'active'))
  return q
    .where(where)
    .orderBy(...(tab === 'received' ? [desc(likes.isNew), desc(likes.createdAt)] : [desc(likes.createdAt)]))
    .limit(500)
}

// One statement per tab, built once (db/prepared-once.server.ts): the likes page runs one on every load.
const likesLists = {
  sent: preparedOnce('likes_sent', (p) => likesList('sent', p('viewerId'))),
  received: preparedOnce('likes_received', (p) => likesList('received', p('viewerId'))),
  matches: preparedOnce('likes_matches', (p) => likesList('matches', p('viewerId'))),
} satisfies Record<LikesTab, unknown>

/** One tab of the likes page. Received likes come new first. */
export async function listLikes(viewerId: number, tab: LikesTab): Promise<LikeEntry[]> {
  const rows = await likesLists[tab]({ viewerId })
  const now = new Date()
  return rows.map((r) => ({
    profile: toProfileCard(r, now),
    like_new: tab === 'sent' ? false : r.isNew,
    likedAt: r.likedAt.toISOString(),
    likedBack: tab !== 'sent' && r.likedBack,
  }))
}

/** A member's like as they send it: takes a like write token first (too_often when spent), then likeProfile. */
export function submitLike(likerId: number, targetId: number, source: LikeSource = 'profile') {
  return withWrite('like', likerId, () => likeProfile(likerId, targetId, source))
}

/** A member's unlike as they send it: takes a like write token first (too_often when spent), then unlikeProfile. */
export function submitUnlike(likerId: number, targetId: number) {
  return withWrite('like', likerId, () => unlikeProfile(likerId, targetId))
}
