import { db } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { conversationMembers, conversations, messages, profiles, users } from '#db/schema/index'
import { canContact } from '#app/policies/visibility.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { and, eq, sql } from 'drizzle-orm'
import type { ChatMessage } from './chat-events'

export type SendResult =
  | { ok: true; message: ChatMessage; duplicate: boolean; undelivered: boolean }
  | { ok: false; error: 'not_found' | 'blocked' | 'self' | 'unconfirmed' }

function toChatMessage(r: { id: number; conversationId: number; senderId: number; clientId: string; body: string; createdAt: Date }): ChatMessage {
  return { ...r, id: Number(r.id), createdAt: r.createdAt.toISOString() }
}

/**
 * Stores a message from one member to another, with its domain event in the same transaction; the notifications
 * feature reacts to the event (live delivery, push, e-mail). Idempotent on (sender, clientId): a retry returns the
 * stored message and changes nothing.
 */
export async function sendMessage(input: { senderId: number; toProfileId: number; clientId: string; body: string }): Promise<SendResult> {
  const { senderId, toProfileId, clientId, body } = input
  const [existing] = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
  if (existing) return { ok: true, message: toChatMessage(existing), duplicate: true, undelivered: !existing.delivered }

  const access = await canContact(senderId, toProfileId)
  if (!access.ok) return { ok: false, error: access.reason }
  // Spec section 4: an unconfirmed member's messages are stored but not delivered until the e-mail is confirmed.
  const [sender] = await db()
    .select({ status: users.status })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, senderId))
  const delivered = sender?.status !== 'not_confirmed'

  const [low, high] = senderId < toProfileId ? [senderId, toProfileId] : [toProfileId, senderId]
  const result = await db().transaction(async (tx) => {
    // One statement finds or starts the conversation and moves it to the top of both lists.
    const [conv] = await tx
      .insert(conversations)
      .values({ profileLowId: low, profileHighId: high, startedBy: senderId })
      .onConflictDoUpdate({ target: [conversations.profileLowId, conversations.profileHighId], set: { lastMessageAt: sql`now()` } })
      // xmax is 0 for a row this statement inserted, not for one it updated: the message starts a conversation.
      .returning({ id: conversations.id, started: sql<boolean>`(xmax = 0)` })
    const [inserted] = await tx
      .insert(messages)
      .values({ conversationId: conv.id, senderId, clientId, body, delivered })
      .onConflictDoNothing()
      .returning()
    if (!inserted) {
      // A concurrent retry of the same message won the race.
      const [again] = await tx.select().from(messages).where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
      return { message: again, duplicate: true }
    }
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId: conv.id, profileId: senderId, unreadCount: 0, lastReadAt: new Date() },
        { conversationId: conv.id, profileId: toProfileId, unreadCount: delivered ? 1 : 0, hidden: !delivered },
      ])
      .onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.profileId],
        set: delivered
          ? {
              hidden: false,
              unreadCount: sql`case when ${conversationMembers.profileId} = ${toProfileId} then ${conversationMembers.unreadCount} + 1 else 0 end`,
            }
          : { hidden: sql`case when ${conversationMembers.profileId} = ${toProfileId} then ${conversationMembers.hidden} else false end` },
      })
    await tx.update(profiles).set({ lastActiveAt: sql`now()` }).where(eq(profiles.id, senderId))
    const ids = { messageId: Number(inserted.id), conversationId: conv.id, senderId, recipientId: toProfileId, delivered }
    // conversation.started goes first: its e-mail (new_conversations) then takes the conversation's e-mail slot
    // before the message's own (new_messages) would (app/features/notifications/reactions.server.ts).
    if (conv.started) await recordEvent(tx, { type: 'conversation.started', payload: ids })
    await recordEvent(tx, { type: 'message.sent', payload: ids })
    return { message: inserted, duplicate: false }
  })

  if (!result.duplicate) wakeJobRunner()
  return { ok: true, message: toChatMessage(result.message), duplicate: result.duplicate, undelivered: !delivered }
}
