import { and, asc, eq, or } from 'drizzle-orm'
import { db } from '#db/client.server'
import { blocks, conversationMembers, conversations, likes, profileImages, profiles } from '#db/schema/index'
import { profileCardColumns, toProfileCard } from '#app/features/profiles/profile-view.server'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import { canViewProfile } from '#app/policies/visibility.server'
import { withWrite } from '#app/features/settings/write-limits.server'

/**
 * Blocking ends what it must, in one transaction: likes in both directions go, and the conversation disappears
 * from both lists (the policy hides it while the block stands; here it is also marked hidden for the blocker).
 * Only a profile the blocker may see can be blocked (or one that blocked them first): the blocked list shows each
 * blocked member's card, so blocking by id must not reveal a profile in privacy mode, disabled or being deleted.
 */
export async function blockMember(blockerId: number, blockedId: number): Promise<boolean> {
  if (blockerId === blockedId) return false
  const view = await canViewProfile(blockerId, blockedId)
  if (!view.ok && view.reason !== 'blocked') return false
  await db().transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing()
    await tx
      .delete(likes)
      .where(or(and(eq(likes.likerId, blockerId), eq(likes.likedId, blockedId)), and(eq(likes.likerId, blockedId), eq(likes.likedId, blockerId))))
    const [low, high] = blockerId < blockedId ? [blockerId, blockedId] : [blockedId, blockerId]
    const [conv] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.profileLowId, low), eq(conversations.profileHighId, high)))
    if (conv) {
      await tx
        .update(conversationMembers)
        .set({ hidden: true, unreadCount: 0 })
        .where(and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.profileId, blockerId)))
    }
  })
  return true
}

export async function unblockMember(blockerId: number, blockedId: number): Promise<void> {
  await db()
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
}

/** The members the viewer blocked, for the settings list. */
export async function listBlocked(blockerId: number): Promise<ProfileCard[]> {
  const rows = await db()
    .select(profileCardColumns)
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(asc(profiles.name))
  return rows.map((r) => toProfileCard(r))
}

/** A member's block as they send it: takes a block write token first (too_often when spent), then blockMember. */
export function submitBlock(blockerId: number, blockedId: number) {
  return withWrite('block', blockerId, () => blockMember(blockerId, blockedId))
}

/** A member's unblock from a profile page: takes a block write token first (too_often when spent). */
export function submitUnblock(blockerId: number, blockedId: number) {
  return withWrite('block', blockerId, () => unblockMember(blockerId, blockedId))
}
