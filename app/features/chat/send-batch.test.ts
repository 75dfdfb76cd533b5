import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, messages, users } from '#db/schema/index'
import { chatSendBatchSize } from '#app/lib/metrics.server'
import { pairKey, sendLaneCount, sendMessage, type SendInput } from './send-message.server'

useTestDatabase()

const input = (from: number, to: number, body = 'hello'): SendInput => ({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })

/** Transactions the send path committed so far and the sends they held. */
async function batches() {
  const { values } = await chatSendBatchSize.get()
  const of = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0
  return { transactions: of('chat_send_batch_size_count'), sends: of('chat_send_batch_size_sum') }
}

async function charges(userId: number) {
  const [c] = await db()
    .select({ n: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.reason, 'spend'), eq(creditLedger.userId, userId)))
  return c.n
}

describe('group commit of sends (issue 26)', () => {
  it('a conversation keeps its lane both ways, and neighbouring conversations spread over the lanes', () => {
    expect(pairKey(input(7, 9))).toBe(pairKey(input(9, 7)))
    const lanes = 4
    const perLane = new Array<number>(lanes).fill(0)
    // Members who sign up together write to each other: pairs of neighbouring ids (an earlier key put all in one lane).
    for (let k = 0; k < 400; k++) perLane[pairKey(input(2 * k + 1, 2 * k + 2)) % lanes]! += 1
    for (const n of perLane) expect(n).toBeGreaterThan(60)
  })

  it('sends that arrive together are stored in a few transactions, each message once', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 12 }, async () => [await createMember({ paidUser: true, credits: 100 }), await createMember({ gender: 'male' })] as const),
    )
    const before = await batches()
    const results = await Promise.all(pairs.map(([a, b]) => sendMessage(input(a.profileId, b.profileId))))
    expect(results.every((r) => r.ok && !r.duplicate)).toBe(true)
    const after = await batches()
    expect(after.sends - before.sends).toBe(12)
    // One transaction per lane at most, where one per send was committed before.
    expect(after.transactions - before.transactions).toBeLessThanOrEqual(sendLaneCount())
    for (const [a] of pairs) expect([await messagesOf(a.profileId), await charges(a.userId)]).toEqual([1, 1])
  })

  it('a send that fails in a batch fails alone: the others are stored and charged once', async () => {
    const a = await createMember({ paidUser: true, credits: 100 })
    const b = await createMember({ gender: 'male' })
    const c = await createMember({ paidUser: true, credits: 100 })
    // A NUL character is not storable as text in PostgreSQL: its insert fails and rolls the batch back.
    const sends = [input(a.profileId, b.profileId, 'one'), input(c.profileId, b.profileId, 'bad\u0000'), input(a.profileId, b.profileId, 'two')]
    const results = await Promise.allSettled(sends.map(sendMessage))
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(await messagesOf(a.profileId)).toBe(2)
    expect(await messagesOf(c.profileId)).toBe(0)
    const [wa] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, a.userId))
    const [wc] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, c.userId))
    expect([wa.credits, wc.credits]).toEqual([80, 100])
  })

  it('sends of one member in one batch each see the ones before: free messages first, then the charge, never below 0', async () => {
    const a = await createMember({ credits: 15 })
    const b = await createMember({ gender: 'male' })
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => sendMessage(input(a.profileId, b.profileId, `m${i}`))))
    // 3 free messages, then one at 10 credits; the other two find 5 credits left.
    expect(results.map((r) => (r.ok ? r.credits : r.error))).toEqual([15, 15, 15, 5, 'no_credits', 'no_credits'])
    const [w] = await db().select({ credits: users.credits, free: users.freeMessagesUsed }).from(users).where(eq(users.id, a.userId))
    expect(w).toEqual({ credits: 5, free: 3 })
    expect(await charges(a.userId)).toBe(1)
    expect(await messagesOf(a.profileId)).toBe(4)
  })
})

async function messagesOf(profileId: number) {
  const [m] = await db().select({ n: count() }).from(messages).where(eq(messages.senderId, profileId))
  return m.n
}
