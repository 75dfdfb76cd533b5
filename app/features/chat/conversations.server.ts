import { db } from '#db/client.server'
import { preparedOnce } from '#db/prepared-once.server'
import { conversationMembers, conversations, messages, profileImages, profiles, users } from '#db/schema/index'
import { canSeeConversation, conversationVisibleTo, notBlockedEitherWay } from '#app/policies/visibility.server'
import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { getSettings } from '#app/features/settings/settings.server'
import { withWrite } from '#app/features/settings/write-limits.server'
import { z } from 'zod'
import { messageColumns, toChatMessage } from './message-row.server'
import { profileCardColumns, toProfileCard, type ProfileCard } from '#app/features/profiles/profile-view.server'
import type { ChatMessage, MessageKind } from './chat-events'

export interface ChatItem {
  conversation: number
  profile: ProfileCard
  num_unread_messages: number
  lastMessageAt: string
  lastMessage: string | null
  lastMessageKind: MessageKind | null
}

const partnerId = sql<number>`case when ${conversations.profileLowId} = ${conversationMembers.profileId} then ${conversations.profileHighId} else ${conversations.profileLowId} end`

// Built once (db/prepared-once.server.ts): the chats page runs it on every load.
const chatList = preparedOnce('chat_list', (p) =>
  db()
    .select({
      conversation: conversations.id,
      unread: conversationMembers.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      lastMessage: sql<string | null>`(select m.body from ${messages} m where m.conversation_id = ${conversations.id} order by m.id desc limit 1)`,
      lastMessageKind: sql<MessageKind | null>`(select m.kind from ${messages} m where m.conversation_id = ${conversations.id} order by m.id desc limit 1)`,
      ...profileCardColumns,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(profiles, eq(profiles.id, partnerId))
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    // Partners whose profile is gone (pending deletion, unconfirmed, suspended) leave the list, as on the likes page.
    .where(
      and(
        eq(conversationMembers.profileId, p('viewerId')),
        eq(conversationMembers.hidden, false),
        eq(profiles.status, 'active'),
        notBlockedEitherWay(p('viewerId'), profiles.id),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(200),
)

/** The viewer's conversations, most recent first, with the partner's card and the unread count. */
export async function listChats(viewerId: number): Promise<ChatItem[]> {
  const rows = await chatList({ viewerId })
  const now = new Date()
  return rows.map((r) => ({
    conversation: r.conversation,
    profile: toProfileCard(r, now),
    num_unread_messages: r.unread,
    lastMessageAt: r.lastMessageAt.toISOString(),
    lastMessage: r.lastMessage,
    lastMessageKind: r.lastMessageKind,
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

export type ConversationAccess = { ok: true; partnerId: number } | { ok: false; reason: 'not_found' | 'blocked'; targetName?: string }

/**
 * May the viewer read this conversation now? The one gate of every read path of a conversation by its id (the
 * page, the JSON pages and catch-up, its photos, read and delivered receipts on the socket): the viewer must be in
 * it, and the partner's side must allow it now (canSeeConversation: not blocked by the partner, partner not banned
 * or gone). Someone else's conversation is 'not_found', like one that does not exist.
 */
export async function conversationAccess(conversationId: number, viewerId: number): Promise<ConversationAccess> {
  const partnerId = await conversationPartner(conversationId, viewerId)
  if (partnerId === null) return { ok: false, reason: 'not_found' }
  const access = await canSeeConversation(viewerId, partnerId)
  if (access.ok) return { ok: true, partnerId }
  return access.reason === 'blocked' ? { ok: false, reason: 'blocked', targetName: access.targetName } : { ok: false, reason: 'not_found' }
}

export const HISTORY_PAGE = 50

export interface MessagePage {
  messages: ChatMessage[]
  /** True when older messages exist within the history limit (the client then loads them by cursor). */
  hasMore: boolean
}

/**
 * A page of a conversation, oldest first: the newest HISTORY_PAGE messages, or those before `beforeId` (a cursor:
 * a message arriving meanwhile does not shift the pages). Only the newest `chat_history_limit` messages are ever
 * shown; older ones stay hidden.
 */
export async function messagePage(conversationId: number, viewerId: number, beforeId?: number): Promise<MessagePage> {
  const { query } = await newestMessages(conversationId, viewerId, beforeId)
  return pageOf((await query).map(toChatMessage))
}

/**
 * A page of history and one more (whether older ones exist), newest first: the query both readers share, run by
 * messagePage and nested by messagePageSql. Wrapped, because awaiting a query builder would run it.
 */
async function newestMessages(conversationId: number | SQL, viewerId: number, beforeId?: number) {
  const limit = await withinHistoryLimit(conversationId, viewerId)
  const query = db()
    .select(messageColumns)
    .from(messages)
    .where(and(visibleTo(conversationId, viewerId), beforeId ? lt(messages.id, beforeId) : undefined, limit))
    .orderBy(desc(messages.id))
    .limit(HISTORY_PAGE + 1)
  return { query }
}

function pageOf(newestFirst: ChatMessage[]): MessagePage {
  return { messages: newestFirst.slice(0, HISTORY_PAGE).reverse(), hasMore: newestFirst.length > HISTORY_PAGE }
}

/** A message as json_agg writes a row of `messages`. */
export interface MessageJson {
  id: number | string
  conversation_id: number
  sender_id: number
  client_id: string
  body: string
  kind: MessageKind
  gift: string | null
  photo: string | null
  created_at: string
}

/**
 * The newest page of a conversation's history (messagePage without a cursor) as a JSON subquery, for a page that
 * reads it with its other columns (the chat page, issue 26); `historyFrom` turns its value into the page.
 */
export async function messagePageSql(conversationId: SQL, viewerId: number): Promise<SQL<MessageJson[]>> {
  const { query } = await newestMessages(conversationId, viewerId)
  return sql<MessageJson[]>`(select coalesce(json_agg(h order by h.id desc), '[]'::json) from (${query}) h)`
}

export function historyFrom(rows: MessageJson[]): MessagePage {
  return pageOf(
    rows.map((r) =>
      toChatMessage({
        id: Number(r.id),
        conversationId: r.conversation_id,
        senderId: r.sender_id,
        clientId: r.client_id,
        body: r.body,
        kind: r.kind,
        gift: r.gift,
        photo: r.photo,
        createdAt: new Date(r.created_at),
      }),
    ),
  )
}

/** The messages of a conversation the viewer may see: undelivered ones (unconfirmed sender) only to their sender. */
function visibleTo(conversationId: number | SQL, viewerId: number) {
  return and(eq(messages.conversationId, conversationId), sql`(${messages.delivered} or ${messages.senderId} = ${viewerId})`)
}

/**
 * Only the newest `chat_history_limit` messages: below the oldest of them nothing is ever shown. A subquery of the
 * page's own statement (issue 26: one statement for the history).
 */
async function withinHistoryLimit(conversationId: number | SQL, viewerId: number) {
  const { chat_history_limit: limit } = await getSettings()
  const oldest = db()
    .select({ id: messages.id })
    .from(messages)
    .where(visibleTo(conversationId, viewerId))
    .orderBy(desc(messages.id))
    .offset(Math.max(0, limit - 1))
    .limit(1)
  return sql`${messages.id} >= coalesce((${oldest}), 0)`
}

/**
 * The catch-up after a reconnect (decision record 023): the messages after `afterId`, the newest one the client
 * has, oldest first, a page at a time (`hasMore`: ask again from the last one). Like messagePage, only what the
 * viewer may see.
 */
export async function messagesAfter(conversationId: number, viewerId: number, afterId: number): Promise<MessagePage> {
  // The history limit holds here too: `after=0` must not page through what the page hides (issue 24, point 3).
  const rows = await db()
    .select(messageColumns)
    .from(messages)
    .where(and(visibleTo(conversationId, viewerId), gt(messages.id, afterId), await withinHistoryLimit(conversationId, viewerId)))
    .orderBy(asc(messages.id))
    .limit(HISTORY_PAGE + 1)
  return { messages: rows.slice(0, HISTORY_PAGE).map(toChatMessage), hasMore: rows.length > HISTORY_PAGE }
}

/** The latest messages of a conversation, oldest first; `beforeId` pages further back. */
export async function listMessages(conversationId: number, viewerId: number, beforeId?: number): Promise<ChatMessage[]> {
  return (await messagePage(conversationId, viewerId, beforeId)).messages
}

/** One message by id, as the socket carries it (for live delivery of a message.sent event). */
export async function getChatMessage(messageId: number): Promise<ChatMessage | null> {
  const [r] = await db().select(messageColumns).from(messages).where(eq(messages.id, messageId))
  return r ? toChatMessage(r) : null
}

/** Several messages by id in one query (the live fan-out of a burst of messages). */
export async function getChatMessages(messageIds: number[]): Promise<Map<number, ChatMessage>> {
  if (!messageIds.length) return new Map()
  const rows = await db().select(messageColumns).from(messages).where(inArray(messages.id, messageIds))
  return new Map(rows.map((r) => [Number(r.id), toChatMessage(r)]))
}

/**
 * Removing a chat (spec section 4): it leaves this member's list only; the partner keeps it, and a new message
 * brings it back. False when the viewer is not in that conversation.
 */
export async function hideConversation(conversationId: number, viewerId: number): Promise<boolean> {
  const rows = await db()
    .update(conversationMembers)
    .set({ hidden: true, unreadCount: 0 })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, viewerId)))
    .returning({ id: conversationMembers.conversationId })
  return rows.length > 0
}

const hideSchema = z.object({ conversation: z.coerce.number().int().positive() })

export type HideOutcome = { ok: true } | { ok: false; error: 'invalid' | 'not_found' }

/**
 * A member's removal of a chat as the client sends it: takes a like write token first (too often: the body is not
 * even read), then reads and validates the body (`read` gives its plain value, undefined when unreadable) and hides.
 */
export function submitHideConversation(viewerId: number, read: () => Promise<unknown>) {
  return withWrite('like', viewerId, async (): Promise<HideOutcome> => {
    const parsed = hideSchema.safeParse(await read())
    if (!parsed.success) return { ok: false, error: 'invalid' }
    return (await hideConversation(parsed.data.conversation, viewerId)) ? { ok: true } : { ok: false, error: 'not_found' }
  })
}

/** Messages in the member's listed conversations that they can see (the chat store's total, spec section 3). */
export async function totalMessages(viewerId: number): Promise<number> {
  const [r] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.profileId, viewerId)))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversationMembers.hidden, false),
        sql`(${messages.delivered} or ${messages.senderId} = ${viewerId})`,
        // Only conversations the member may still see (not blocked by the partner, partner not banned).
        conversationVisibleTo(
          viewerId,
          sql`case when ${conversations.profileLowId} = ${viewerId} then ${conversations.profileHighId} else ${conversations.profileLowId} end`,
        ),
      ),
    )
  return Number(r?.n ?? 0)
}

/** The chat the member opened last and when (spec section 3), or null. */
export async function lastOpenedChat(userId: number): Promise<{ profile: number; date: string } | null> {
  const [r] = await db().select({ profile: users.lastChatProfileId, at: users.lastChatAt }).from(users).where(eq(users.id, userId))
  return r?.profile && r.at ? { profile: r.profile, date: r.at.toISOString() } : null
}
