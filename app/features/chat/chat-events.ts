/**
 * Messages on the WebSocket /ws, both directions. The server side is server/ws-hub.server.ts, the client side
 * app/features/chat/components/realtime-provider.tsx.
 */
export type MessageKind = 'text' | 'gift' | 'photo'

export interface ChatMessage {
  id: number
  conversationId: number
  senderId: number
  clientId: string
  body: string
  kind: MessageKind
  /** The gift's catalogue id (gift-catalog.ts) for a gift. */
  gift: string | null
  /** For a photo: whether there is one; it is served by /chats/{conversation}/photos/{message id}. */
  photo: boolean
  createdAt: string
}

/** What a live popup shows of another member: only what their card shows anyway. */
export interface LiveProfile {
  id: number
  name: string
  age: number
  thumb: string | null
  isFictional: boolean
}

/** How far the partner got with the viewer's messages: ids up to these are delivered or read. */
export interface Receipt {
  conversationId: number
  deliveredUpTo: number
  /** Null when the viewer may not see read receipts (a Premium chat feature). */
  readUpTo: number | null
}

export type ServerEvent =
  | { type: 'message'; message: ChatMessage; partnerId: number }
  /** `credits` is the sender's balance after the message was paid. */
  | { type: 'ack'; clientId: string; message: ChatMessage; credits: number }
  | { type: 'receipt'; receipt: Receipt }
  | { type: 'typing'; fromProfileId: number }
  /** `retryAfter`: seconds to wait, with the code chat.errorRateLimited (app/features/chat/components/chat-view.tsx). */
  | { type: 'error'; clientId?: string; code: string; retryAfter?: number }
  /**
   * The server is saturated and did not take this send (server/ws-send-gate.server.ts): send it again under the same
   * client id after `retryAfterMs`, and hold back the sends written meanwhile until then, in order.
   */
  | { type: 'slow_down'; clientId: string; retryAfterMs: number }
  | { type: 'counts'; unread: number; newLikes: number }
  | { type: 'like'; fromProfileId: number; match: boolean; profile?: LiveProfile }
  /** A mutual like, to both members (app/features/matching/components/match-modal.tsx). */
  | { type: 'match'; profile: LiveProfile }
  /** The member's account changed elsewhere (credits bought or reversed, Premium): pages reload what they show. */
  | { type: 'account' }
  /** Sent once per connection when the socket's subscription is in place. */
  | { type: 'ready' }
  /**
   * Events may have been missed although the socket stayed open (the server's bus connection was lost and is back):
   * the client catches up from the database as after a reconnect (realtime-provider.tsx).
   */
  | { type: 'resync' }

export type ClientEvent =
  | { type: 'send'; toProfileId: number; clientId: string; body?: string; gift?: string }
  | { type: 'read'; conversationId: number }
  | { type: 'delivered'; conversationId: number; messageId: number }
  | { type: 'typing'; toProfileId: number }
  | { type: 'ping' }

export function profileTopic(profileId: number): string {
  return `profile:${profileId}`
}

/**
 * Published on a member's topic when their sessions were ended from elsewhere (the console's "log out everywhere"):
 * the hub (server/ws-hub.server.ts) re-checks each socket's session at once and closes it with 4401; never sent on.
 */
export const SESSION_CHECK_EVENT = 'session_check'
