import type { Tx } from '#db/client.server'
import { builtOnce } from '#db/built-once.server'
import { conversations, messages, profiles, users } from '#db/schema/index'
import { pairColumns, type PairState } from '#app/policies/visibility.server'
import { sql } from 'drizzle-orm'

export interface SendState {
  sender: { userId: number; status: string; paidUser: boolean; credits: number; freeMessagesUsed: number; country: string | null }
  /** canMessage's inputs, or null when the recipient does not exist. */
  pair: PairState | null
  /** A message this sender already stored under the client id. */
  existingId: number | null
  conversationId: number | null
  /** Conversations the sender started (0 for Premium members, whom the free-conversation limit does not concern). */
  started: number
}

type Row = PairState & {
  targetId: number | null
  userId: number
  senderStatus: string
  paidUser: boolean
  credits: number
  freeMessagesUsed: number
  country: string | null
  existingId: number | string | null
  conversationId: number | null
  started: number
}

// The recipient is `profiles`/`users` (pairColumns reads them); the sender is `sp`/`su`.
const sendState = builtOnce<{ sender: number; target: number; clientId: string }, Row>(['sender', 'target', 'clientId'], (p) => {
  const pair = Object.entries(pairColumns(p.sender, p.target)).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`)
  return sql`select ${sql.join(pair, sql`, `)}, ${profiles.id} as "targetId",
      su.id as "userId", su.status as "senderStatus", su.paid_user as "paidUser", su.credits, su.free_messages_used as "freeMessagesUsed", sp.country,
      (select m.id from ${messages} m where m.sender_id = ${p.sender} and m.client_id = ${p.clientId}) as "existingId",
      (select c.id from ${conversations} c
        where c.profile_low_id = least(${p.sender}::int, ${p.target}::int)
          and c.profile_high_id = greatest(${p.sender}::int, ${p.target}::int)) as "conversationId",
      (case when su.paid_user then 0 else (select count(*) from ${conversations} c where c.started_by = ${p.sender}) end)::int as started
    from ${profiles} sp
    join ${users} su on su.id = sp.user_id
    left join ${profiles} on ${profiles.id} = ${p.target}
    left join ${users} on ${users.id} = ${profiles.userId}
    where sp.id = ${p.sender}`
})

/**
 * Everything a send decides on, in one statement, read after the sender's row lock (so it sees every send of this
 * member committed before, and those earlier in the same batch): the sender's wallet, the permission check's inputs
 * (the same columns and decision as canMessage), an earlier message under this client id, the pair's conversation
 * and the conversations the sender started. Null when the sender has no profile. Its SQL is built once (builtOnce).
 */
export async function readSendState(tx: Tx, m: { senderId: number; toProfileId: number; clientId: string }): Promise<SendState | null> {
  const [row] = await sendState(tx, { sender: m.senderId, target: m.toProfileId, clientId: m.clientId })
  if (!row) return null
  const { targetId, userId, senderStatus, paidUser, credits, freeMessagesUsed, country, existingId, conversationId, started, ...pair } = row
  return {
    sender: { userId, status: senderStatus, paidUser, credits, freeMessagesUsed, country },
    pair: targetId === null ? null : pair,
    existingId: existingId === null ? null : Number(existingId),
    conversationId,
    started,
  }
}
