import type { ChatMessage, MessageKind } from '../chat-events'

/** The fields of a chat list row (ChatItem of conversations.server.ts) that a live message changes. */
export interface LiveChatRow {
  conversation: number
  num_unread_messages: number
  lastMessageAt: string
  lastMessage: string | null
  lastMessageKind: MessageKind | null
  /** Set by live updates, so that the same message delivered twice counts once. */
  lastMessageId?: number
}

export type ChatListUpdate<T> =
  /** The conversation is in the list: its row is updated and moved to the top. */
  | { kind: 'updated'; chats: T[]; row: T; fromPartner: boolean }
  /** A conversation the list does not show yet (a new one, or one beyond the first page): reload the list. */
  | { kind: 'unknown' }
  /** Nothing to change (the same message again, or an older one than the row shows). */
  | { kind: 'unchanged' }

/**
 * Applies a `message` socket event (server/ws-hub.server.ts → chat-events.ts) to the /chats list: last message
 * and time, the unread count (+1 for the partner's message; the member's own message from another tab means they
 * have read the conversation, as the server records it), and the row goes to the top.
 */
export function applyChatMessage<T extends LiveChatRow>(chats: readonly T[], ev: { message: ChatMessage; partnerId: number }): ChatListUpdate<T> {
  const { message } = ev
  const i = chats.findIndex((c) => c.conversation === message.conversationId)
  if (i < 0) return { kind: 'unknown' }
  const row = chats[i]
  if (row.lastMessageId !== undefined && message.id <= row.lastMessageId) return { kind: 'unchanged' }
  if (Date.parse(message.createdAt) < Date.parse(row.lastMessageAt)) return { kind: 'unchanged' }
  const fromPartner = message.senderId === ev.partnerId
  const updated: T = {
    ...row,
    lastMessage: message.body,
    lastMessageKind: message.kind,
    lastMessageAt: message.createdAt,
    lastMessageId: message.id,
    num_unread_messages: fromPartner ? row.num_unread_messages + 1 : 0,
  }
  return { kind: 'updated', chats: [updated, ...chats.slice(0, i), ...chats.slice(i + 1)], row: updated, fromPartner }
}

/** Conversations in `next` that `previous` did not have, in list order. */
export function newConversations<T extends { conversation: number }>(previous: readonly T[], next: readonly T[]): T[] {
  const known = new Set(previous.map((c) => c.conversation))
  return next.filter((c) => !known.has(c.conversation))
}
