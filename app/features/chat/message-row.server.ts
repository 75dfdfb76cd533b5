import { messages } from '#db/schema/index'
import type { ChatMessage, MessageKind } from './chat-events'

/** The columns every read of a message selects, and their shape on the wire (socket, loaders, JSON). */
export const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  clientId: messages.clientId,
  body: messages.body,
  kind: messages.kind,
  gift: messages.gift,
  photo: messages.photo,
  delivered: messages.delivered,
  createdAt: messages.createdAt,
}

/** A message as messageColumns read it. */
export interface StoredMessage {
  id: number
  conversationId: number
  senderId: number
  clientId: string
  body: string
  kind: MessageKind
  gift: string | null
  photo: string | null
  delivered: boolean
  createdAt: Date
}

export function toChatMessage(r: Omit<StoredMessage, 'delivered'>): ChatMessage {
  return {
    id: Number(r.id),
    conversationId: r.conversationId,
    senderId: r.senderId,
    clientId: r.clientId,
    body: r.body,
    kind: r.kind,
    gift: r.gift,
    photo: r.photo !== null,
    createdAt: r.createdAt.toISOString(),
  }
}
