import { db } from '#db/client.server'
import { conversationMembers, conversations, messages, profileImages, profiles } from '#db/schema/index'
import { notBlockedEitherWay } from '#app/policies/visibility.server'
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import { profileCardColumns, toProfileCard, type ProfileCard } from '#app/features/profiles/profile-view.server'
import type { ChatMessage } from './chat-events'

export interface ChatItem {
  conversation: number
  profile: ProfileCard
  num_unread_messages: number
  lastMessageAt: string
  lastMessage: string | null
}

const partnerId = sql<number>`case when ${conversations.profileLowId} = ${conversationMembers.profileId} then ${conversations.profileHighId} else ${conversations.profileLowId} end`

/** The viewer's conversations, most recent first, with the partner's card and the unread count. */
export async function listChats(viewerId: number): Promise<ChatItem[]> {
  const rows = await db()
    .select({
      conversation: conversations.id,
      unread: conversationMembers.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      lastMessage: sql<string | null>`(select m.body from ${messages} m where m.conversation_id = ${conversations.id} order by m.id desc limit 1)`,
      ...profileCardColumns,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(profiles, eq(profiles.id, partnerId))
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    // Partners whose profile is gone (pending deletion, unconfirmed, suspended) leave the list, as on the likes page.
    .where(and(eq(conversationMembers.profileId, viewerId), eq(conversationMembers.hidden, false), eq(profiles.status, 'active'), notBlockedEitherWay(viewerId, profiles.id)))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(200)
  const now = new Date()
  return rows.map((r) => ({
    conversation: r.conversation,
    profile: toProfileCard(r, now),
    num_unread_messages: r.unread,
    lastMessageAt: r.lastMessageAt.toISOString(),
    lastMessage: r.lastMessage,
  }))
}

/** The conversation between two profiles, if any. */
export async function findConversationId(a: number, b: number): Promise<number | null> {
  const [low, high] = a < b ? [a, b] : [b, a]
  const [row] = await db()
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.profileLowId, low), eq(conversations.profileHighId, high)))
  return row?.id ?? null
}

/** The partner of a conversation the viewer belongs to, or null when the viewer is not a member of it. */
export async function conversationPartner(conversationId: number, viewerId: number): Promise<number | null> {
  const [row] = await db()
    .select({ low: conversations.profileLowId, high: conversations.profileHighId })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
  if (!row) return null
  if (row.low === viewerId) return row.high
  if (row.high === viewerId) return row.low
  return null
}

export const HISTORY_PAGE = 50

/** The latest messages of a conversation, oldest first; `beforeId` pages further back. */
export async function listMessages(conversationId: number, viewerId: number, beforeId?: number): Promise<ChatMessage[]> {
  const rows = await db()
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      clientId: messages.clientId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        // Undelivered messages (unconfirmed sender) are visible to their sender only.
        sql`(${messages.delivered} or ${messages.senderId} = ${viewerId})`,
        beforeId ? lt(messages.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(HISTORY_PAGE)
  return rows.reverse().map((r) => ({ ...r, id: Number(r.id), createdAt: r.createdAt.toISOString() }))
}

/** Opening a chat sets its unread count to 0 (spec section 4). */
export async function markConversationRead(conversationId: number, viewerId: number): Promise<void> {
  await db()
    .update(conversationMembers)
    .set({ unreadCount: 0, lastReadAt: sql`now()` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, viewerId)))
}

/** One message by id, as the socket carries it (for live delivery of a message.sent event). */
export async function getChatMessage(messageId: number): Promise<ChatMessage | null> {
  const [r] = await db()
    .select({ id: messages.id, conversationId: messages.conversationId, senderId: messages.senderId, clientId: messages.clientId, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.id, messageId))
  return r ? { ...r, id: Number(r.id), createdAt: r.createdAt.toISOString() } : null
}
