import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { bus } from '#app/adapters/bus/index.server'
import { profileTopic, type ServerEvent } from './chat-events'
import { listChats, listMessages } from './conversations.server'
import { sendMessage } from './send-message.server'
import { useJobRunner } from '../../../tests/setup/job-runner'

useTestDatabase()
useJobRunner()

describe('sendMessage', () => {
  it('stores once per client id, counts unread and publishes after commit', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const got: ServerEvent[] = []
    const unsub = await bus().subscribe(profileTopic(b.profileId), (e) => got.push(e as ServerEvent))
    const clientId = crypto.randomUUID()
    const first = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId, body: 'Hello' })
    const retry = await sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId, body: 'Hello' })
    expect(first.ok && retry.ok).toBe(true)
    if (!first.ok || !retry.ok) return
    expect(retry.duplicate).toBe(true)
    expect(retry.message.id).toBe(first.message.id)
    expect(await listMessages(first.message.conversationId, b.profileId)).toHaveLength(1)
    const [chat] = await listChats(b.profileId)
    expect(chat.num_unread_messages).toBe(1)
    // The live delivery comes from the job runner, a moment after the commit.
    for (let i = 0; i < 250 && !(got.some((e) => e.type === 'message') && got.some((e) => e.type === 'counts')); i++) await new Promise((r) => setTimeout(r, 20))
    expect(got.find((e) => e.type === 'message')).toMatchObject({ type: 'message', partnerId: a.profileId })
    expect(got.find((e) => e.type === 'counts')).toMatchObject({ unread: 1 })
    await unsub()
  })

  it('refuses to write to oneself', async () => {
    const a = await createMember()
    const r = await sendMessage({ senderId: a.profileId, toProfileId: a.profileId, clientId: crypto.randomUUID(), body: 'x' })
    expect(r).toEqual({ ok: false, error: 'self' })
  })
})
