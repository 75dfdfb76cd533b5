import { db, dbHandle, type Tx } from '#db/client.server'
import { builtOnce } from '#db/built-once.server'
import { messages, profiles, users } from '#db/schema/index'
import { messageDecision } from '#app/policies/visibility.server'
import { canUseChatFeature } from '#app/policies/premium-features'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { chatMessagesSent, chatSendBatchSize } from '#app/lib/metrics.server'
import { createBatchLanes, type BatchLanes, type Settled } from '#app/lib/batch-lanes'
import { spendCreditsUnderLock } from '#app/features/billing/ledger.server'
import { getSettings } from '#app/features/settings/settings.server'
import type { Settings } from '#app/features/settings/defaults'
import { and, eq, sql } from 'drizzle-orm'
import type { ChatMessage, MessageKind } from './chat-events'
import { nextMessagePrice } from './message-cost'
import { messageColumns, toChatMessage, type StoredMessage } from './message-row.server'
import { readSendState } from './send-state.server'
import { storeMessage } from './store-message.server'

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

/** The largest batch of sends one transaction holds: a few dozen statements, a few milliseconds on one connection. */
export const MAX_SEND_BATCH = 64

/** Lanes that store sends side by side, each on one connection at a time, leaving the rest of the pool to pages and jobs. */
export function sendLaneCount(connections = dbHandle()?.connections ?? 20): number {
  return Math.min(4, Math.max(1, connections - 4))
}

let lanes: BatchLanes<SendInput, SendResult> | undefined

/**
 * Stores a message from one member to another and pays for it, in one transaction with its domain event; the
 * notifications feature reacts to the event (live delivery, push, e-mail). Idempotent on (sender, clientId), which is
 * also the ledger's key: a retry returns the stored message and charges nothing, a refused send charges nothing.
 *
 * Sends are group-committed (issue 26): a send that arrives while its lane is storing others waits and is then
 * stored with the others that waited, in one transaction (runSendBatch). A conversation's sends always share a lane,
 * so they are stored in the order they came.
 */
export function sendMessage(input: SendInput): Promise<SendResult> {
  lanes ??= createBatchLanes({ lanes: sendLaneCount(), maxBatch: MAX_SEND_BATCH, keyOf: pairKey, runBatch: runSendBatch })
  return lanes.submit(input)
}

const pairOf = ({ senderId, toProfileId }: SendInput) => (senderId < toProfileId ? [senderId, toProfileId] : [toProfileId, senderId])

/** A conversation's lane key: its two ids mixed, so that neighbouring pairs (1–2, 3–4, …) spread over the lanes. */
export function pairKey(item: SendInput): number {
  const [low, high] = pairOf(item)
  let h = Math.imul(low, 0x9e3779b1) ^ Math.imul(high, 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 15), 0xc2b2ae35)
  return (h ^ (h >>> 13)) >>> 0
}

/** Conversation order (the pair's ids), in which every batch in every process stores its sends. */
const byPair = (a: SendInput, b: SendInput) => {
  const [al, ah] = pairOf(a)
  const [bl, bh] = pairOf(b)
  return al - bl || ah - bh
}

type Outcome = SendResult & { stored?: boolean }

/**
 * Sends in one transaction, statements per send: one read of what it depends on (send-state.server.ts), the charge
 * (when it costs credits) and one write of the rest (store-message.server.ts); per batch: the senders' row locks in
 * one statement, the begin and the commit. The locks are taken in one order (by user id) and the sends stored in
 * conversation order, so two batches never wait on each other in a cycle. A refusal writes nothing and leaves the
 * batch going; an error rolls the batch back and each send is then tried alone, so one bad send fails only itself.
 */
export async function runSendBatch(items: readonly SendInput[]): Promise<Array<Settled<SendResult>>> {
  const settings = await getSettings()
  const order = items.map((_, i) => i).sort((a, b) => byPair(items[a]!, items[b]!) || a - b)
  let outcomes: Outcome[]
  try {
    outcomes = await db().transaction(async (tx) => {
      await lockSenders(tx, items)
      const out = new Array<Outcome>(items.length)
      for (const i of order) out[i] = await sendInBatch(tx, items[i]!, settings)
      return out
    })
  } catch (error) {
    if (items.length === 1) return [{ ok: false, error }]
    // Stored alone, one after another: a send that fails again fails only itself.
    const alone: Array<Settled<SendResult>> = []
    for (const item of items) alone.push(...(await runSendBatch([item])))
    return alone
  }
  chatSendBatchSize.observe(items.length)
  let stored = false
  for (const [i, o] of outcomes.entries()) {
    if (!o.stored) continue
    stored = true
    chatMessagesSent.inc({ kind: items[i]!.kind ?? 'text' })
  }
  if (stored) wakeJobRunner()
  return outcomes.map(({ stored: _, ...value }) => ({ ok: true, value: value as SendResult }))
}

/**
 * Each sender's account row, locked for the batch: one member's sends are serialised across processes, so the
 * free-message count, the free-conversation limit and the balance are each checked against the truth.
 */
const lockSenderRows = builtOnce<{ ids: number[] }>(
  ['ids'],
  (p) => sql`select u.id from ${users} u join ${profiles} p on p.user_id = u.id where p.id = any(${p.ids}::int[]) order by u.id for update of u`,
)

async function lockSenders(tx: Tx, items: readonly SendInput[]) {
  await lockSenderRows(tx, { ids: [...new Set(items.map((i) => i.senderId))] })
}

async function sendInBatch(tx: Tx, input: SendInput, settings: Settings): Promise<Outcome> {
  const { senderId, toProfileId, clientId } = input
  const kind = input.kind ?? 'text'
  const state = await readSendState(tx, input)
  if (!state) return { ok: false, error: 'not_found' }
  const { sender } = state
  // A retry of a stored message is answered with it, even when the send would be refused now (say, the partner
  // blocked since): the client id has been used, and the answer to it must not change.
  if (state.existingId !== null) {
    const [again] = await tx
      .select(messageColumns)
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    if (again) return duplicateOf(again, sender.credits)
  }
  const access = state.pair ? messageDecision(senderId, toProfileId, state.pair) : ({ ok: false, reason: 'not_found' } as const)
  if (!access.ok) return { ok: false, error: access.reason }
  if (kind === 'photo' && !canUseChatFeature(sender, 'chat_photos')) return { ok: false, error: 'premium_only' }
  if (state.conversationId === null && !sender.paidUser && state.started >= settings.free_conversations) return { ok: false, error: 'free_conversations' }

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
    if (!booked.booked) return { ok: false, error: 'no_credits' }
    credits = booked.balance
  }
  const freeMessage = price.credits === 0 && kind === 'text' && price.freeLeft > 0
  // Spec section 4: an unconfirmed member's messages are stored but not delivered until the e-mail is confirmed.
  const delivered = sender.status !== 'not_confirmed'
  const [low, high] = pairOf(input)
  const message = await storeMessage(tx, { ...input, kind, low, high, delivered, credits: price.credits, freeMessageOf: freeMessage ? sender.userId : null })
  return { ok: true, message: toChatMessage(message), duplicate: false, undelivered: !delivered, credits, stored: true }
}

function duplicateOf(m: StoredMessage, credits: number): Outcome {
  return { ok: true, message: toChatMessage(m), duplicate: true, undelivered: !m.delivered, credits }
}
