import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { conversationMembers, conversations, messages } from '#db/schema/index'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { jpeg } from '../../../tests/setup/upload-fixtures'
import { submitChatPhoto } from './chat-photos.server'
import { submitHideConversation } from './conversations.server'

useTestDatabase()

async function conversationOf(a: number, b: number): Promise<number> {
  const [low, high] = a < b ? [a, b] : [b, a]
  const [c] = await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: a }).returning({ id: conversations.id })
  await db()
    .insert(conversationMembers)
    .values([
      { conversationId: c.id, profileId: a },
      { conversationId: c.id, profileId: b },
    ])
  return c.id
}

const hidden = async (conversationId: number, profileId: number) =>
  (
    await db()
      .select({ hidden: conversationMembers.hidden })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)))
  )[0]?.hidden

describe('chat writes take their own token', () => {
  it('submitHideConversation: a like token each; when spent, the body is not read and the chat stays listed', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, likes_per_minute: 1 })
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const first = await conversationOf(a.profileId, b.profileId)
    const second = await conversationOf(a.profileId, (await createMember({ gender: 'male' })).profileId)
    expect(await submitHideConversation(a.profileId, async () => ({ conversation: first }))).toEqual({ ok: true })
    let read = false
    const r = await submitHideConversation(a.profileId, async () => {
      read = true
      return { conversation: second }
    })
    expect(r).toMatchObject({ ok: false, error: 'too_often' })
    expect(read).toBe(false)
    expect(await hidden(first, a.profileId)).toBe(true)
    expect(await hidden(second, a.profileId)).toBe(false)
  })

  it('submitHideConversation validates what it read', async () => {
    const a = await createMember()
    expect(await submitHideConversation(a.profileId, async () => undefined)).toEqual({ ok: false, error: 'invalid' })
    expect(await submitHideConversation(a.profileId, async () => ({ conversation: 999 }))).toEqual({ ok: false, error: 'not_found' })
  })

  it('submitChatPhoto: an upload token each; when spent, nothing is read, decoded or sent', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, uploads_per_hour: 1 })
    const a = await createMember({ paidUser: true, credits: 100 })
    const b = await createMember({ gender: 'male' })
    const photo = await jpeg()
    const first = await submitChatPhoto(a.profileId, b.profileId, async () => ({ clientId: crypto.randomUUID(), photo }))
    expect(first).toMatchObject({ ok: true })
    let read = false
    const r = await submitChatPhoto(a.profileId, b.profileId, async () => {
      read = true
      return { clientId: crypto.randomUUID(), photo }
    })
    expect(r).toMatchObject({ ok: false, error: 'too_often' })
    expect(read).toBe(false)
    expect(await db().select({ id: messages.id }).from(messages)).toHaveLength(1)
  })

  it('submitChatPhoto refuses a bad client id and passes on why a body had no photo', async () => {
    const a = await createMember({ paidUser: true, credits: 100 })
    const b = await createMember({ gender: 'male' })
    const photo = await jpeg()
    expect(await submitChatPhoto(a.profileId, b.profileId, async () => ({ clientId: 'nope', photo }))).toMatchObject({ ok: false, error: 'chat.errorInvalid' })
    const unread = { ok: false, error: 'unread', code: 'not_image' } as const
    expect(await submitChatPhoto(a.profileId, b.profileId, async () => unread)).toEqual(unread)
    expect(await submitChatPhoto(a.profileId, b.profileId, async () => ({ clientId: crypto.randomUUID(), photo: unread }))).toEqual(unread)
    expect(await db().select({ id: messages.id }).from(messages)).toEqual([])
  })
})
