import type { Tx } from '#db/client.server'
import { recordEventsFrom } from '#db/events.server'
import { conversationMembers, conversations, messages, profiles, pushSubscriptions, users } from '#db/schema/index'
import { sql } from 'drizzle-orm'
import { builtOnce } from '#db/built-once.server'
import type { MessageKind } from './chat-events'
import type { StoredMessage } from './message-row.server'

export interface StoreInput {
  senderId: number
  toProfileId: number
  clientId: string
  body: string
  kind: MessageKind
  gift?: string | null
  photo?: string | null
  low: number
  high: number
  delivered: boolean
  credits: number
  freeMessageOf: number | null
}

type StoredRow = Omit<StoredMessage, 'id' | 'createdAt'> & { id: number | string; createdAt: string }

type StoreValues = {
  low: number
  high: number
  sender: number
  to: number
  clientId: string
  body: string
  kind: MessageKind
  gift: string | null
  photo: string | null
  credits: number
  delivered: boolean
  freeMessageOf: number | null
}

const store = builtOnce<StoreValues, StoredRow>(
  ['low', 'high', 'sender', 'to', 'clientId', 'body', 'kind', 'gift', 'photo', 'credits', 'delivered', 'freeMessageOf'],
  (p) => sql`
    with conv as (
      insert into ${conversations} as c (profile_low_id, profile_high_id, started_by) values (${p.low}::int, ${p.high}::int, ${p.sender}::int)
      on conflict (profile_low_id, profile_high_id) do update set last_message_at = now()
      -- xmax is 0 for a row this statement inserted, not for one it updated: the message starts a conversation.
      returning c.id, (xmax = 0) as started
    ), msg as (
      insert into ${messages} (conversation_id, sender_id, client_id, body, kind, gift, photo, credits, delivered)
      select conv.id, ${p.sender}::int, ${p.clientId}, ${p.body}, ${p.kind}, ${p.gift}, ${p.photo}, ${p.credits}::int, ${p.delivered}::boolean from conv
      returning id, conversation_id, sender_id, client_id, body, kind, gift, photo, delivered, created_at
    ), mem as (
      insert into ${conversationMembers} as cm (conversation_id, profile_id, unread_count, hidden, last_read_at)
      select conv.id, v.profile_id, v.unread_count, v.hidden, v.last_read_at
      from conv, (values (${p.sender}::int, 0, false, now()),
        (${p.to}::int, case when ${p.delivered}::boolean then 1 else 0 end, not ${p.delivered}::boolean, null::timestamptz))
        as v(profile_id, unread_count, hidden, last_read_at)
      -- Delivered: both shown again, the recipient's unread count up. Held (an unconfirmed sender): only the sender's row shown again.
      on conflict (conversation_id, profile_id) do update set
        hidden = case when ${p.delivered}::boolean or cm.profile_id <> ${p.to}::int then false else cm.hidden end,
        unread_count = case when not ${p.delivered}::boolean then cm.unread_count when cm.profile_id = ${p.to}::int then cm.unread_count + 1 else 0 end
      returning 1
    ), active as (
      -- At most once a minute: last_active_at is in five of the profile search indexes, so each update rewrites
      -- them all (no HOT update), and the searches that order by it need no finer time (issue 14).
      update ${profiles} set last_active_at = now() where id = ${p.sender}::int and last_active_at < now() - interval '1 minute' returning id
    ), free as (
      update ${users} set free_messages_used = free_messages_used + 1 where id = ${p.freeMessageOf}::int returning id
    ), events as (
      ${recordEventsFrom(sql`
        select e.type, jsonb_build_object('messageId', msg.id, 'conversationId', msg.conversation_id, 'senderId', ${p.sender}::int,
            'recipientId', ${p.to}::int, 'delivered', ${p.delivered}::boolean)
          || case when e.ord = 2 then jsonb_build_object('push', exists (
            select 1 from ${pushSubscriptions} ps join ${profiles} rp on rp.user_id = ps.user_id where rp.id = ${p.to}::int)) else '{}'::jsonb end
        from msg, conv, (values (1, 'conversation.started'), (2, 'message.sent')) as e(ord, type)
        where e.ord = 2 or conv.started
        order by e.ord`)}
      returning id
    )
    select msg.id, msg.conversation_id as "conversationId", msg.sender_id as "senderId", msg.client_id as "clientId", msg.body, msg.kind,
      msg.gift, msg.photo, msg.delivered, to_char(msg.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      (select count(*) from mem)::int as "members", (select count(*) from events)::int as "events", (select count(*) from active)::int as "active",
      (select count(*) from free)::int as "free"
    from msg`,
)

/**
 * The message, its conversation (found or started, moved to the top of both lists), both members' rows (unread
 * count, shown again), the sender's last activity (to the minute), a free message counted, and the domain events, in one statement, built once (builtOnce).
 * conversation.started goes first when the message starts the conversation: its e-mail (new_conversations) then
 * takes the conversation's e-mail slot before the message's own (new_messages) would
 * (app/features/notifications/reactions.server.ts). The events' payloads are DomainEvent's (app/lib/domain-events.ts).
 */
export async function storeMessage(tx: Tx, m: StoreInput): Promise<StoredMessage> {
  const [row] = await store(tx, {
    low: m.low,
    high: m.high,
    sender: m.senderId,
    to: m.toProfileId,
    clientId: m.clientId,
    body: m.body,
    kind: m.kind,
    gift: m.gift ?? null,
    photo: m.photo ?? null,
    credits: m.credits,
    delivered: m.delivered,
    freeMessageOf: m.freeMessageOf,
  })
  if (!row) throw new Error('storeMessage: the message was not stored')
  return { ...row, id: Number(row.id), createdAt: new Date(row.createdAt) }
}
