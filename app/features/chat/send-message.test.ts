import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { bus } from '#app/adapters/bus/index.server'
import { profileTopic, type ServerEvent } from './chat-events'
import { getChatMessage, listChats, listMessages } from './conversations.server'
import { sendMessage } from './send-message.server'
import { useJobRunner } from '../../../tests/setup/job-runner'
import { eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { blocks, profiles } from '#db/schema/index'
import { chatMessagesSent } from '#app/lib/metrics.server'
import { counterValue } from '../../../tests/setup/metrics'

useTestDatabase()
useJobRunner()

describe('sendMessage', () => {
  it('stores once per client id, counts unread and publishes after commit', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const got: ServerEvent[] = []
    const unsub = await bus().subscribe(profileTopic(b.profileId), (e) => got.push(e as ServerEvent))
    const clientId = crypto.randomUUID()
    const sentBefore = await counterValue(chatMessagesSent, { kind: 'text' })
    const first = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId, body: 'Hello' })
    const retry = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId, body: 'Hello' })
    expect(first.ok && retry.ok).toBe(true)
    // The metrics count the stored message, not its retry.
    expect(await counterValue(chatMessagesSent, { kind: 'text' })).toBe(sentBefore + 1)
    if (!first.ok || !retry.ok) return
    expect(retry.duplicate).toBe(true)
    expect(retry.message.id).toBe(first.message.id)
    expect(await listMessages(first.message.conversationId, b.profileId)).toHaveLength(1)
    const [chat] = await listChats(b.profileId)
    expect(chat.num_unread_messages).toBe(1)
    // The live delivery comes from the job runner, a moment after the commit.
    for (let i = 0; i < 250 && !(got.some((e) => e.type === 'message') && got.some((e) => e.type === 'counts')); i++)
      await new Promise((r) => setTimeout(r, 20))
    expect(got.find((e) => e.type === 'message')).toMatchObject({ type: 'message', partnerId: a.profileId })
    expect(got.find((e) => e.type === 'counts')).toMatchObject({ unread: 1 })
    await unsub()
  })

  it('refuses to write to oneself', async () => {
    const a = await createMember()
    const r = await sendMessage({ senderId: a.profileId, toProfileId: a.profileId, clientId: crypto.randomUUID(), body: 'x' })
    expect(r).toEqual({ ok: false, error: 'self' })
  })

  it('answers a retry of a stored message with that message even after the partner blocked the sender', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const clientId = crypto.randomUUID()
    const first = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId, body: 'Before the block' })
    await db().insert(blocks).values({ blockerId: b.profileId, blockedId: a.profileId })
    const retry = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId, body: 'Before the block' })
    expect(first.ok && retry.ok && retry.duplicate && retry.message.id === first.message.id).toBe(true)
    expect(await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId: crypto.randomUUID(), body: 'After' })).toEqual({
      ok: false,
      error: 'blocked',
    })
  })

  it('acknowledges the message as it is stored, records its events in order, and moves last activity at most once a minute', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    await db()
      .update(profiles)
      .set({ lastActiveAt: sql`now() - interval '1 hour'` })
      .where(eq(profiles.id, a.profileId))
    const lastActive = async () => (await db().select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.id, a.profileId)))[0].at.getTime()
    const before = await lastActive()
    const r = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId: crypto.randomUUID(), body: 'Hi' })
    if (!r.ok) throw new Error(r.error)
    expect(r.message).toEqual(await getChatMessage(r.message.id))
    const moved = await lastActive()
    expect(moved).toBeGreaterThan(before + 30 * 60_000)
    const second = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId: crypto.randomUUID(), body: 'Again' })
    expect(second.ok).toBe(true)
    expect(await lastActive()).toBe(moved)
    const events = (await db().execute(
      sql`select type, payload from domain_events where payload->>'senderId' = ${String(a.profileId)} order by id`,
    )) as unknown as { rows: { type: string; payload: Record<string, unknown> }[] }
    const ids = { conversationId: r.message.conversationId, senderId: a.profileId, recipientId: b.profileId, delivered: true }
    expect(events.rows).toEqual([
      { type: 'conversation.started', payload: { messageId: r.message.id, ...ids } },
      { type: 'message.sent', payload: { messageId: r.message.id, ...ids, push: false } },
      { type: 'message.sent', payload: { messageId: second.ok ? second.message.id : 0, ...ids, push: false } },
    ])
  })
})
