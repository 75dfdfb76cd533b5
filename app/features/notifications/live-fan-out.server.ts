import { and, eq, ne, sql } from 'drizzle-orm'
import { bus } from '#app/adapters/bus/index.server'
import type { RecordedEvent } from '#app/lib/domain-events'
import { db } from '#db/client.server'
import { conversationMembers, profileImages, profiles } from '#db/schema/index'
import { getBadgeCounts, getBadgeCountsOf } from '#app/features/authentication/viewer.server'
import { profileTopic, SESSION_CHECK_EVENT, type LiveProfile, type ServerEvent } from '#app/features/chat/chat-events'
import { profileCardColumns, toProfileCard } from '#app/features/profiles/profile-view.server'
import { getChatMessages } from '#app/features/chat/conversations.server'
import { batchLoads } from '#app/lib/batch'

async function publish(profileId: number, events: ServerEvent[]): Promise<void> {
  for (const ev of events) await bus().publish(profileTopic(profileId), ev)
}

// The job runner starts the live reactions of a batch of events side by side (app/lib/jobs/job-runner.server.ts):
// the messages and badge counts they read are loaded in one query each for the whole batch.
const loadMessage = batchLoads(getChatMessages)
const loadBadgeCounts = batchLoads(getBadgeCountsOf)

/**
 * Live reactions: the open sockets of the members concerned hear of the event at once (server/ws-hub.server.ts
 * forwards what is published on their topic). Best effort: a member who was offline catches up from the database.
 */
export async function announceMessage(e: RecordedEvent<'message.sent'>): Promise<void> {
  const { messageId, senderId, recipientId, delivered } = e.payload
  // Both reads at once: this is the path of every chat message's live delivery.
  const [message, counts] = await Promise.all([
    loadMessage(messageId),
    delivered ? loadBadgeCounts(recipientId).then((c) => c ?? { unread: 0, newLikes: 0 }) : null,
  ])
  if (!message) return
  // Held back (the sender's address is unconfirmed): only the sender's other tabs see it.
  if (counts)
    await publish(recipientId, [
      { type: 'message', message, partnerId: senderId },
      { type: 'counts', ...counts },
    ])
  await publish(senderId, [{ type: 'message', message, partnerId: recipientId }])
}

/** The card fields a live popup shows, for an active profile. */
async function liveProfile(profileId: number): Promise<LiveProfile | null> {
  const [r] = await db()
    .select({ ...profileCardColumns, status: profiles.status })
    .from(profiles)
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(eq(profiles.id, profileId))
  if (!r || r.status !== 'active') return null
  const card = toProfileCard(r)
  return { id: card.id, name: card.name, age: card.age, thumb: card.thumb, isFictional: card.isFictional }
}

export async function announceLike(e: RecordedEvent<'like.given'>): Promise<void> {
  const { likerId, likedId, match } = e.payload
  // A like from a profile that is not listed yet (unconfirmed e-mail) waits, like its messages.
  const liker = await liveProfile(likerId)
  if (!liker) return
  await publish(likedId, [
    { type: 'like', fromProfileId: likerId, match, profile: liker },
    { type: 'counts', ...(await getBadgeCounts(likedId)) },
  ])
}

/** A match raises the match modal on both sides, each showing the other. */
export async function announceMatch(e: RecordedEvent<'match.made'>): Promise<void> {
  const [a, b] = e.payload.profileIds
  const [pa, pb] = await Promise.all([liveProfile(a), liveProfile(b)])
  if (!pa || !pb) return
  await publish(a, [{ type: 'match', profile: pb }])
  await publish(b, [{ type: 'match', profile: pa }])
}

/** Messages held back until the address was confirmed now count for their recipients: fresh badges for them. */
export async function announceActivation(e: RecordedEvent<'account.activated'>): Promise<void> {
  const partners = await db()
    .select({ profileId: conversationMembers.profileId })
    .from(conversationMembers)
    .where(
      and(
        ne(conversationMembers.profileId, e.payload.profileId),
        sql`${conversationMembers.conversationId} in (select conversation_id from ${conversationMembers} where profile_id = ${e.payload.profileId})`,
      ),
    )
  for (const p of partners) await publish(p.profileId, [{ type: 'counts', ...(await getBadgeCounts(p.profileId)) }])
}

/** A payment booked or reversed: the member's open tabs reload their credits and Premium state at once. */
export async function announceAccountChange(e: { payload: { userId: number } }): Promise<void> {
  const [p] = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, e.payload.userId))
  if (p) await publish(p.id, [{ type: 'account' }])
}

/**
 * A member's sessions ended (logout, "log out everywhere", a password change or reset, a ban or suspension,
 * deletion, support): every process's hub re-checks that member's sockets at once and closes those whose session
 * is gone (server/ws-hub.server.ts), instead of letting them send for up to a minute more.
 */
export async function announceSessionsRevoked(e: RecordedEvent<'sessions.revoked'>): Promise<void> {
  const [p] = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, e.payload.userId))
  if (p) await bus().publish(profileTopic(p.id), { type: SESSION_CHECK_EVENT })
}
