import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { bus } from '#app/adapters/bus/index.server'
import { db } from '#db/client.server'
import { blocks, conversationMembers, messages, profiles } from '#db/schema/index'
import { updateSetting } from '#app/features/settings/settings.server'
import { profileTopic } from './chat-events'
import { chatPhotoFile } from './chat-photos.server'
import { handleClientEvent } from './client-events.server'
import { conversationAccess, messagePage, messagesAfter, totalMessages } from './conversations.server'
import { loadChatPage } from './chat-page.server'
import { sendMessage } from './send-message.server'

// Issue 24, point 3: after O blocks A (or O is banned), every read path of their conversation is closed to A, not
// only the chat page: the JSON pages and catch-up, the photos, the read and delivered receipts on the socket.

useTestDatabase()

async function send(from: number, to: number, body: string) {
  const r = await sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })
  if (!r.ok) throw new Error(`send failed: ${r.error}`)
  return r.message
}

/** A photo message from `from`, stored as sendChatPhoto stores it (the file itself is not needed here). */
async function photoMessage(conversationId: number, from: number) {
  const [m] = await db()
    .insert(messages)
    .values({ conversationId, senderId: from, clientId: crypto.randomUUID(), body: '', kind: 'photo', photo: `chat-${from}-test.webp` })
    .returning({ id: messages.id })
  return m.id
}

async function readUpTo(conversationId: number, profileId: number) {
  const [r] = await db()
    .select({ readUpTo: conversationMembers.readUpTo, deliveredUpTo: conversationMembers.deliveredUpTo })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)))
  return r
}

async function setUp() {
  const o = await createMember({ name: 'Olivia' })
  const a = await createMember({ gender: 'male' })
  const first = await send(a.profileId, o.profileId, 'hello O')
  const fromO = await send(o.profileId, a.profileId, 'o-secret: see you at eight')
  const photo = await photoMessage(first.conversationId, o.profileId)
  return { o, a, conversationId: first.conversationId, fromO, photo }
}

describe('conversationAccess: one gate for every read path of a conversation', () => {
  it('before a block, every path is open', async () => {
    const { o, a, conversationId, photo } = await setUp()
    expect(await conversationAccess(conversationId, a.profileId)).toEqual({ ok: true, partnerId: o.profileId })
    expect((await messagesAfter(conversationId, a.profileId, 0)).messages.map((m) => m.body)).toContain('o-secret: see you at eight')
    expect(await chatPhotoFile(a.profileId, conversationId, photo)).toEqual({ ok: true, file: `chat-${o.profileId}-test.webp` })
    expect(await handleClientEvent(a.profileId, { type: 'read', conversationId })).toMatchObject({ type: 'counts' })
  })

  it('after O blocks A: blocked on the page, the JSON gate, the photo, and the socket receipts do nothing', async () => {
    const { o, a, conversationId, fromO, photo } = await setUp()
    await db().insert(blocks).values({ blockerId: o.profileId, blockedId: a.profileId })
    expect(await loadChatPage(a.profileId, { partnerId: o.profileId })).toEqual({ kind: 'blocked', name: 'Olivia' })
    expect(await conversationAccess(conversationId, a.profileId)).toEqual({ ok: false, reason: 'blocked', targetName: 'Olivia' })
    expect(await chatPhotoFile(a.profileId, conversationId, photo)).toEqual({ ok: false, reason: 'blocked' })
    expect(await handleClientEvent(a.profileId, { type: 'read', conversationId })).toEqual({ type: 'error', code: 'not_found' })
    expect(await handleClientEvent(a.profileId, { type: 'delivered', conversationId, messageId: fromO.id })).toEqual({ type: 'error', code: 'not_found' })
    // The receipts were not moved: O learns nothing of A's presence through them.
    expect(await readUpTo(conversationId, a.profileId)).toEqual({ readUpTo: 0, deliveredUpTo: 0 })
    // Nor is the conversation counted in A's chat store any more.
    expect(await totalMessages(a.profileId)).toBe(0)
    // The blocker keeps the conversation (they may unblock).
    expect(await conversationAccess(conversationId, o.profileId)).toEqual({ ok: true, partnerId: a.profileId })
  })

  it('after O blocks A, O opening the chat sends A no read receipt (A would learn that O is there)', async () => {
    const { o, a, conversationId } = await setUp()
    await send(a.profileId, o.profileId, 'are you there?')
    await db().insert(blocks).values({ blockerId: o.profileId, blockedId: a.profileId })
    const heard: unknown[] = []
    const unsubscribe = await bus().subscribe(profileTopic(a.profileId), (e) => heard.push(e))
    expect((await loadChatPage(o.profileId, { partnerId: a.profileId })).kind).toBe('ok')
    await unsubscribe()
    // O's side moved (O did read), and nothing was said to A.
    expect((await readUpTo(conversationId, o.profileId)).readUpTo).toBeGreaterThan(0)
    expect(heard).toEqual([])
  })

  it('after O is banned: the conversation is gone for A on every path, as a missing one', async () => {
    const { o, a, conversationId, photo } = await setUp()
    // What a ban does to the profile (restrictAccount, app/features/console/moderation/decisions.server.ts).
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, o.profileId))
    expect(await loadChatPage(a.profileId, { partnerId: o.profileId })).toEqual({ kind: 'not_found' })
    expect(await conversationAccess(conversationId, a.profileId)).toEqual({ ok: false, reason: 'not_found' })
    expect(await chatPhotoFile(a.profileId, conversationId, photo)).toEqual({ ok: false, reason: 'not_found' })
    expect(await handleClientEvent(a.profileId, { type: 'read', conversationId })).toEqual({ type: 'error', code: 'not_found' })
  })

  it("someone else's conversation is not found, as before", async () => {
    const { conversationId } = await setUp()
    const outsider = await createMember()
    expect(await conversationAccess(conversationId, outsider.profileId)).toEqual({ ok: false, reason: 'not_found' })
  })
})

describe('chat_history_limit holds on the catch-up too', () => {
  it('after=0 returns only the newest `chat_history_limit` messages, as the page shows', async () => {
    await updateSetting('chat_history_limit', 3)
    const o = await createMember({ credits: 100 })
    const a = await createMember({ gender: 'male', credits: 100 })
    for (let i = 1; i <= 6; i++) await send(i % 2 ? a.profileId : o.profileId, i % 2 ? o.profileId : a.profileId, `m${i}`)
    const conversationId = (await send(o.profileId, a.profileId, 'm7')).conversationId
    const page = await messagePage(conversationId, a.profileId)
    expect(page.messages.map((m) => m.body)).toEqual(['m5', 'm6', 'm7'])
    const after = await messagesAfter(conversationId, a.profileId, 0)
    expect(after.messages.map((m) => m.body)).toEqual(['m5', 'm6', 'm7'])
    expect(after.hasMore).toBe(false)
    // From a cursor inside the window, the catch-up is unchanged.
    expect((await messagesAfter(conversationId, a.profileId, page.messages[1].id)).messages.map((m) => m.body)).toEqual(['m7'])
  })
})
