/**
 * Messages on the WebSocket /ws, both directions. The server side is server/ws-hub.server.ts, the client side
 * app/features/chat/components/realtime-provider.tsx.
 */
export interface ChatMessage {
  id: number
  conversationId: number
  senderId: number
  clientId: string
  body: string
  createdAt: string
}

export type ServerEvent =
  | { type: 'message'; message: ChatMessage; partnerId: number }
  | { type: 'ack'; clientId: string; message: ChatMessage }
  | { type: 'error'; clientId?: string; code: string }
  | { type: 'counts'; unread: number; newLikes: number }
  | { type: 'like'; fromProfileId: number; match: boolean }
  /** The member's account changed elsewhere (credits bought or reversed, Premium): pages reload what they show. */
  | { type: 'account' }
  /** Sent once per connection when the socket's subscription is in place. */
  | { type: 'ready' }

export type ClientEvent =
  | { type: 'send'; toProfileId: number; clientId: string; body: string }
  | { type: 'read'; conversationId: number }
  | { type: 'ping' }

export function profileTopic(profileId: number): string {
  return `profile:${profileId}`
}
