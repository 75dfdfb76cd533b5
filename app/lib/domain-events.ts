/**
 * The vocabulary of domain events: what happened, in ids only (never message text, names or e-mail addresses, as
 * events are stored for a week). A feature records one in the same transaction as its change (#db/events.server);
 * reactions are registered by the server at start (server/reactions.server.ts).
 */
export type DomainEvent =
  | {
      type: 'message.sent'
      /** push: the recipient had a push subscription when the message was stored (absent on events recorded before it was noted). */
      payload: { messageId: number; conversationId: number; senderId: number; recipientId: number; delivered: boolean; push?: boolean }
    }
  | { type: 'conversation.started'; payload: { conversationId: number; messageId: number; senderId: number; recipientId: number; delivered: boolean } }
  | { type: 'message.read'; payload: { conversationId: number; readerId: number } }
  | { type: 'like.given'; payload: { likerId: number; likedId: number; match: boolean } }
  | { type: 'match.made'; payload: { profileIds: [number, number]; by: number } }
  | { type: 'account.activated'; payload: { userId: number; profileId: number } }
  | { type: 'payment.completed'; payload: { paymentId: number; userId: number; credits: number; firstPurchase: boolean } }
  | { type: 'payment.failed'; payload: { paymentId: number; userId: number } }
  | { type: 'payment.reversed'; payload: { paymentId: number; userId: number; reason: 'refund' | 'chargeback' | 'collection_failed'; credits: number } }
  // A failed collection or a chargeback left the member no purchase that stands: Premium ended, the member is told.
  | { type: 'premium.ended'; payload: { userId: number; paymentId: number; reason: 'collection_failed' | 'chargeback' } }
  // A moderator decided about a member (a photo's outcome, a statement of reasons): the member is told by e-mail.
  | { type: 'moderation.decided'; payload: { decisionId: number; userId: number } }
  // A complaint from /complaints was closed: its author gets the outcome by e-mail.
  | { type: 'complaint.closed'; payload: { complaintId: number } }
  // Sessions of a member ended (app/features/authentication/revoke-sessions.server.ts): their sockets re-check now.
  | { type: 'sessions.revoked'; payload: { userId: number } }

export type DomainEventType = DomainEvent['type']
export type EventPayload<T extends DomainEventType> = Extract<DomainEvent, { type: T }>['payload']

/** An event as the dispatcher hands it to reactions: with its id and time. */
export type RecordedEvent<T extends DomainEventType = DomainEventType> = { id: number; type: T; payload: EventPayload<T>; createdAt: Date }
