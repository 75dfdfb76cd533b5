import { db, type Tx } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { conversationMembers, conversations, messages, profiles, users } from '#db/schema/index'
import { canMessage } from '#app/policies/visibility.server'
import { canUseChatFeature } from '#app/policies/premium-features'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { bookCredits } from '#app/features/billing/ledger.server'
import { getSettings } from '#app/features/settings/settings.server'
import { and, count, eq, sql } from 'drizzle-orm'
import type { ChatMessage, MessageKind } from './chat-events'
import { nextMessagePrice } from './message-cost'
import { messageColumns, toChatMessage } from './message-row.server'

export type SendRefusal = 'not_found' | 'blocked' | 'self' | 'unconfirmed' | 'fictional' | 'no_credits' | 'free_conversations' | 'premium_only'

export type SendResult =
  | { ok: true; message: ChatMessage; duplicate: boolean; undelivered: boolean; credits: number }
  | { ok: false; error: SendRefusal }

export interface SendInput {
  senderId: number
  toProfileId: number
  clientId: string
  body: string
  kind?: MessageKind
  gift?: string | null
  /** A photo already processed and stored (send-photo.server.ts); the caller removes it when the send fails. */
  photo?: string | null
}

class Refused extends Error {
  constructor(readonly reason: SendRefusal) {
    super(reason)
  }
}

type MessageRow = NonNullable<Awaited<ReturnType<typeof existingMessage>>>

async function existingMessage(q: Tx | ReturnType<typeof db>, senderId: number, clientId: string) {
  const [row] = await q
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
  return row
}

/**
 * Stores a message from one member to another and pays for it, in one transaction with its domain event; the
 * notifications feature reacts to the event (live delivery, push, e-mail). The sender's account row is locked
 * first, so one member's sends are serialised: the free-message count, the free-conversation limit and the
 * balance are each checked against the truth. Idempotent on (sender, clientId), which is also the ledger's key:
 * a retry returns the stored message and charges nothing, a refused send charges nothing at all.
 */
export async function sendMessage(input: SendInput): Promise<SendResult> {
  const { senderId, toProfileId, clientId } = input
  const kind = input.kind ?? 'text'
  const existing = await existingMessage(db(), senderId, clientId)
  if (existing) return { ok: true, message: toChatMessage(existing), duplicate: true, undelivered: !existing.delivered, credits: await balanceOf(senderId) }

  const access = await canMessage(senderId, toProfileId)
  if (!access.ok) return { ok: false, error: access.reason }
  const settings = await getSettings()

  const [low, high] = senderId < toProfileId ? [senderId, toProfileId] : [toProfileId, senderId]
  let result: { message: MessageRow; duplicate: boolean; delivered: boolean; credits: number }
  try {
    result = await db().transaction(async (tx) => {
      const [sender] = await tx
        .select({ userId: users.id, status: users.status, paidUser: users.paidUser, credits: users.credits, freeMessagesUsed: users.freeMessagesUsed, country: profiles.country })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.id, senderId))
        .for('update', { of: users })
      if (!sender) throw new Refused('not_found')
      const again = await existingMessage(tx, senderId, clientId)
      if (again) return { message: again, duplicate: true, delivered: again.delivered, credits: sender.credits }
      if (kind === 'photo' && !canUseChatFeature(sender, 'chat_photos')) throw new Refused('premium_only')

      const [conv] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.profileLowId, low), eq(conversations.profileHighId, high)))
      if (!conv && !sender.paidUser) {
        const [started] = await tx.select({ n: count() }).from(conversations).where(eq(conversations.startedBy, senderId))
        if (started.n >= settings.free_conversations) throw new Refused('free_conversations')
      }

      const price = nextMessagePrice(settings, sender, kind)
      let credits = sender.credits
      if (price.credits > 0) {
        const booked = await bookCredits(tx, { userId: sender.userId, delta: -price.credits, reason: 'spend', reference: `message:${clientId}`, key: `spend:message:${senderId}:${clientId}` })
        if (!booked.booked) throw new Refused('no_credits')
        credits = booked.balance
      } else if (kind === 'text' && price.freeLeft > 0) {
        await tx.update(users).set({ freeMessagesUsed: sql`${users.freeMessagesUsed} + 1` }).where(eq(users.id, sender.userId))
      }
      // Spec section 4: an unconfirmed member's messages are stored but not delivered until the e-mail is confirmed.
      const delivered = sender.status !== 'not_confirmed'
      const stored = await storeMessage(tx, { ...input, kind, low, high, delivered, credits: price.credits })
      return { message: stored, duplicate: false, delivered, credits }
    })
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.reason }
    throw e
  }

  if (!result.duplicate) wakeJobRunner()
  return { ok: true, message: toChatMessage(result.message), duplicate: result.duplicate, undelivered: !result.delivered, credits: result.credits }
}

async function balanceOf(senderId: number): Promise<number> {
  const [r] = await db().select({ credits: users.credits }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(profiles.id, senderId))
  return r?.credits ?? 0
}

/** The message, its conversation (found or started, moved to the top of both lists), unread counts and events. */
async function storeMessage(tx: Tx, m: SendInput & { kind: MessageKind; low: number; high: number; delivered: boolean; credits: number }) {
  const { senderId, toProfileId, delivered } = m
  const [conv] = await tx
    .insert(conversations)
    .values({ profileLowId: m.low, profileHighId: m.high, startedBy: senderId })
    .onConflictDoUpdate({ target: [conversations.profileLowId, conversations.profileHighId], set: { lastMessageAt: sql`now()` } })
    // xmax is 0 for a row this statement inserted, not for one it updated: the message starts a conversation.
    .returning({ id: conversations.id, started: sql<boolean>`(xmax = 0)` })
  const [inserted] = await tx
    .insert(messages)
    .values({ conversationId: conv.id, senderId, clientId: m.clientId, body: m.body, kind: m.kind, gift: m.gift ?? null, photo: m.photo ?? null, credits: m.credits, delivered })
    .returning(messageColumns)
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
  return inserted
}
