import { db, type Tx } from '#db/client.server'
import { recordEventsFrom } from '#db/events.server'
import { conversationMembers, conversations, messages, profiles, users } from '#db/schema/index'
import { canMessage } from '#app/policies/visibility.server'
import { canUseChatFeature } from '#app/policies/premium-features'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { chatMessagesSent } from '#app/lib/metrics.server'
import { spendCreditsUnderLock } from '#app/features/billing/ledger.server'
import { getSettings } from '#app/features/settings/settings.server'
import { and, eq, sql } from 'drizzle-orm'
import type { ChatMessage, MessageKind } from './chat-events'
import { nextMessagePrice } from './message-cost'
import { messageColumns, toChatMessage } from './message-row.server'

export type SendRefusal = 'not_found' | 'blocked' | 'self' | 'unconfirmed' | 'fictional' | 'no_credits' | 'free_conversations' | 'premium_only'

export type SendResult = { ok: true; message: ChatMessage; duplicate: boolean; undelivered: boolean; credits: number } | { ok: false; error: SendRefusal }

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
 *
 * Round trips (issue 14, bench/chat-scale.ts): the policy check, then in the transaction the lock, one read of what
 * the send depends on (an earlier message with this client id, the conversation, conversations started), the charge
 * (one statement, when the message costs credits) and one statement that writes the rest.
 */
export async function sendMessage(input: SendInput): Promise<SendResult> {
  const { senderId, toProfileId, clientId } = input
  const kind = input.kind ?? 'text'

  const access = await canMessage(senderId, toProfileId)
  if (!access.ok) {
    // A retry of a message stored before the refusal began (say, the partner blocked since) is still answered
    // with that message: the client id has been used, and the answer to it must not change.
    const existing = await existingMessage(db(), senderId, clientId)
    if (existing) return { ok: true, message: toChatMessage(existing), duplicate: true, undelivered: !existing.delivered, credits: await balanceOf(senderId) }
    return { ok: false, error: access.reason }
  }
  const settings = await getSettings()

  const [low, high] = senderId < toProfileId ? [senderId, toProfileId] : [toProfileId, senderId]
  let result: { message: MessageRow; duplicate: boolean; delivered: boolean; credits: number }
  try {
    result = await db().transaction(async (tx) => {
      const [sender] = await tx
        .select({
          userId: users.id,
          status: users.status,
          paidUser: users.paidUser,
          credits: users.credits,
          freeMessagesUsed: users.freeMessagesUsed,
          country: profiles.country,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.id, senderId))
        .for('update', { of: users })
      if (!sender) throw new Refused('not_found')
      // Read after the lock, in a statement of its own: it sees every send of this member committed before it.
      const [state] = await tx
        .select({
          existingId: sql<number | null>`(select m.id from ${messages} m where m.sender_id = ${senderId} and m.client_id = ${clientId})`,
          conversationId: sql<number | null>`(select c.id from ${conversations} c where c.profile_low_id = ${low} and c.profile_high_id = ${high})`,
          started: sql<number>`(case when ${sender.paidUser} then 0 else (select count(*) from ${conversations} c where c.started_by = ${senderId}) end)::int`,
        })
        .from(sql`(select 1) as one`)
      if (state.existingId !== null) {
        const again = await existingMessage(tx, senderId, clientId)
        if (again) return { message: again, duplicate: true, delivered: again.delivered, credits: sender.credits }
      }
      if (kind === 'photo' && !canUseChatFeature(sender, 'chat_photos')) throw new Refused('premium_only')
      if (state.conversationId === null && !sender.paidUser && state.started >= settings.free_conversations) throw new Refused('free_conversations')

      const price = nextMessagePrice(settings, sender, kind)
      let credits = sender.credits
      if (price.credits > 0) {
        const booked = await spendCreditsUnderLock(tx, {
          userId: sender.userId,
          amount: price.credits,
          reason: 'spend',
          reference: `message:${clientId}`,
          key: `spend:message:${senderId}:${clientId}`,
        })
        if (!booked.booked) throw new Refused('no_credits')
        credits = booked.balance
      }
      const freeMessage = price.credits === 0 && kind === 'text' && price.freeLeft > 0
      // Spec section 4: an unconfirmed member's messages are stored but not delivered until the e-mail is confirmed.
      const delivered = sender.status !== 'not_confirmed'
      const stored = await storeMessage(tx, { ...input, kind, low, high, delivered, credits: price.credits, freeMessageOf: freeMessage ? sender.userId : null })
      return { message: stored, duplicate: false, delivered, credits }
    })
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.reason }
    throw e
  }

  if (!result.duplicate) {
    wakeJobRunner()
    chatMessagesSent.inc({ kind })
  }
  return { ok: true, message: toChatMessage(result.message), duplicate: result.duplicate, undelivered: !result.delivered, credits: result.credits }
}

async function balanceOf(senderId: number): Promise<number> {
  const [r] = await db().select({ credits: users.credits }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(profiles.id, senderId))
  return r?.credits ?? 0
}

type StoredRow = {
  id: number | string
  conversationId: number
  senderId: number
  clientId: string
  body: string
  kind: MessageKind
  gift: string | null
  photo: string | null
  delivered: boolean
  createdAt: string
}

/**
 * The message, its conversation (found or started, moved to the top of both lists), both members' rows (unread
 * count, shown again), the sender's last activity (to the minute), a free message counted, and the domain events, in one statement.
 * conversation.started goes first when the message starts the conversation: its e-mail (new_conversations) then
 * takes the conversation's e-mail slot before the message's own (new_messages) would
 * (app/features/notifications/reactions.server.ts). The events' payloads are DomainEvent's (app/lib/domain-events.ts).
 */
async function storeMessage(
  tx: Tx,
  m: SendInput & { kind: MessageKind; low: number; high: number; delivered: boolean; credits: number; freeMessageOf: number | null },
): Promise<MessageRow> {
  const { senderId, toProfileId, delivered } = m
  const members = delivered
    ? sql`hidden = false, unread_count = case when cm.profile_id = ${toProfileId} then cm.unread_count + 1 else 0 end`
    : sql`hidden = case when cm.profile_id = ${toProfileId} then cm.hidden else false end`
  const free =
    m.freeMessageOf === null
      ? sql``
      : sql`, free as (update ${users} set free_messages_used = free_messages_used + 1 where id = ${m.freeMessageOf} returning id)`
  const r = await tx.execute(sql`
    with conv as (
      insert into ${conversations} as c (profile_low_id, profile_high_id, started_by) values (${m.low}, ${m.high}, ${senderId})
      on conflict (profile_low_id, profile_high_id) do update set last_message_at = now()
      -- xmax is 0 for a row this statement inserted, not for one it updated: the message starts a conversation.
      returning c.id, (xmax = 0) as started
    ), msg as (
      insert into ${messages} (conversation_id, sender_id, client_id, body, kind, gift, photo, credits, delivered)
      select conv.id, ${senderId}, ${m.clientId}, ${m.body}, ${m.kind}, ${m.gift ?? null}, ${m.photo ?? null}, ${m.credits}, ${delivered} from conv
      returning id, conversation_id, sender_id, client_id, body, kind, gift, photo, delivered, created_at
    ), mem as (
      insert into ${conversationMembers} as cm (conversation_id, profile_id, unread_count, hidden, last_read_at)
      select conv.id, v.profile_id, v.unread_count, v.hidden, v.last_read_at
      from conv, (values (${senderId}::int, 0, false, now()), (${toProfileId}::int, ${delivered ? 1 : 0}, ${!delivered}::boolean, null::timestamptz)) as v(profile_id, unread_count, hidden, last_read_at)
      on conflict (conversation_id, profile_id) do update set ${members}
      returning 1
    ), active as (
      -- At most once a minute: last_active_at is in five of the profile search indexes, so each update rewrites
      -- them all (no HOT update), and the searches that order by it need no finer time (issue 14).
      update ${profiles} set last_active_at = now() where id = ${senderId} and last_active_at < now() - interval '1 minute' returning id
    )${free}, events as (
      ${recordEventsFrom(sql`
        select e.type, jsonb_build_object('messageId', msg.id, 'conversationId', msg.conversation_id, 'senderId', ${senderId}::int, 'recipientId', ${toProfileId}::int, 'delivered', ${delivered}::boolean)
        from msg, conv, (values (1, 'conversation.started'), (2, 'message.sent')) as e(ord, type)
        where e.ord = 2 or conv.started
        order by e.ord`)}
      returning id
    )
    select msg.id, msg.conversation_id as "conversationId", msg.sender_id as "senderId", msg.client_id as "clientId", msg.body, msg.kind,
      msg.gift, msg.photo, msg.delivered, to_char(msg.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      (select count(*) from mem)::int as "members", (select count(*) from events)::int as "events", (select count(*) from active)::int as "active"
    from msg`)
  const [row] = (r as unknown as { rows: StoredRow[] }).rows
  if (!row) throw new Error('storeMessage: the message was not stored')
  return { ...row, id: Number(row.id), createdAt: new Date(row.createdAt) }
}
