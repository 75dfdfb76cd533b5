import fs from 'node:fs'
import sharp from 'sharp'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createFictional, createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, messages, reports, users } from '#db/schema/index'
import { mediaPath } from '#app/adapters/storage/disk-storage.server'
import { ledgerBalance } from '#app/features/billing/ledger.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { reportMessage } from '#app/features/safety/report.server'
import { env } from '#app/lib/env.server'
import { chatPhotoFile, sendChatPhoto } from './chat-photos.server'
import { hideConversation, listChats, messagePage } from './conversations.server'
import { markConversationRead, markDelivered, receiptFor } from './receipts.server'
import { sendMessage } from './send-message.server'
import { submitMessage } from './submit-message.server'

useTestDatabase()

const send = (from: number, to: number, over: Partial<Parameters<typeof sendMessage>[0]> = {}) =>
  sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body: 'hello', ...over })

async function wallet(userId: number) {
  const [u] = await db().select({ credits: users.credits, free: users.freeMessagesUsed }).from(users).where(eq(users.id, userId))
  const spent = await db()
    .select({ n: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'spend')))
  return { credits: u.credits, free: u.free, spends: spent[0].n, ledger: await ledgerBalance(userId) }
}

async function messageCount(senderId: number) {
  const [r] = await db().select({ n: count() }).from(messages).where(eq(messages.senderId, senderId))
  return r.n
}

describe('what a message costs', () => {
  it('the same client id sent 20 times at once books one message and one charge', async () => {
    const a = await createMember({ paidUser: true, credits: 100 })
    const b = await createMember({ gender: 'male' })
    const clientId = crypto.randomUUID()
    const results = await Promise.all(Array.from({ length: 20 }, () => send(a.profileId, b.profileId, { clientId })))
    expect(results.every((r) => r.ok)).toBe(true)
    expect(new Set(results.map((r) => (r.ok ? r.message.id : 0))).size).toBe(1)
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1)
    expect(await messageCount(a.profileId)).toBe(1)
    expect(await wallet(a.userId)).toMatchObject({ credits: 90, spends: 1, ledger: 90 })
  })

  it('100 concurrent paid sends with credits for 60 store exactly 60 messages and end at 0, never below', async () => {
    const a = await createMember({ paidUser: true, credits: 600 })
    const b = await createMember({ gender: 'male' })
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => send(a.profileId, b.profileId, { body: `m${i}` })))
    expect(results.filter((r) => r.ok)).toHaveLength(60)
    expect(results.filter((r) => !r.ok && r.error === 'no_credits')).toHaveLength(40)
    expect(await messageCount(a.profileId)).toBe(60)
    expect(await wallet(a.userId)).toMatchObject({ credits: 0, spends: 60, ledger: 0 })
  })

  it('a free member gets the free messages first, then needs credits; a refused message stores and charges nothing', async () => {
    await updateSetting('free_messages', 2)
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    expect((await send(a.profileId, b.profileId)).ok).toBe(true)
    expect((await send(a.profileId, b.profileId)).ok).toBe(true)
    expect(await wallet(a.userId)).toMatchObject({ credits: 0, free: 2, spends: 0 })
    const third = await send(a.profileId, b.profileId, { body: 'kept in the box' })
    expect(third).toEqual({ ok: false, error: 'no_credits' })
    expect(await messageCount(a.profileId)).toBe(2)
    expect(await wallet(a.userId)).toMatchObject({ credits: 0, free: 2, spends: 0, ledger: 0 })
  })

  it('the refusal words it with the spec text id and 402', async () => {
    await updateSetting('free_messages', 0)
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    expect(await submitMessage(a.profileId, { toProfileId: b.profileId, clientId: crypto.randomUUID(), body: 'hi' })).toEqual({
      ok: false,
      error: 'chat.errorNoCredits',
      status: 402,
    })
  })

  it('a free member may start 2 conversations, may answer in others, and Premium members start as many as they like', async () => {
    const a = await createMember({ credits: 100 })
    const [b, c, d, e] = await Promise.all([1, 2, 3, 4].map(() => createMember({ gender: 'male' })))
    expect((await send(a.profileId, b.profileId)).ok).toBe(true)
    expect((await send(a.profileId, c.profileId)).ok).toBe(true)
    expect(await send(a.profileId, d.profileId)).toEqual({ ok: false, error: 'free_conversations' })
    // A conversation someone else started is not one of the member's own.
    expect((await send(e.profileId, a.profileId)).ok).toBe(true)
    expect((await send(a.profileId, e.profileId)).ok).toBe(true)
    await db().update(users).set({ paidUser: true }).where(eq(users.id, a.userId))
    expect((await send(a.profileId, d.profileId)).ok).toBe(true)
  })

  it("charges never less than the country's minimum message cost", async () => {
    await updateSetting('minimum_message_costs', { NL: { costs: 15, currency: 'EUR' } })
    const nl = await createMember({ paidUser: true, credits: 100, country: 'NL' })
    const de = await createMember({ paidUser: true, credits: 100, country: 'DE' })
    const b = await createMember({ gender: 'male' })
    await send(nl.profileId, b.profileId)
    await send(de.profileId, b.profileId)
    expect((await wallet(nl.userId)).credits).toBe(85)
    expect((await wallet(de.userId)).credits).toBe(90)
    const [m] = await db().select({ credits: messages.credits }).from(messages).where(eq(messages.senderId, nl.profileId))
    expect(m.credits).toBe(15)
  })

  it('refuses fictional profiles without a charge and stores nothing', async () => {
    const a = await createMember({ paidUser: true, credits: 100 })
    const f = await createFictional()
    expect(await send(a.profileId, f.profileId)).toEqual({ ok: false, error: 'fictional' })
    expect(await submitMessage(a.profileId, { toProfileId: f.profileId, clientId: crypto.randomUUID(), gift: 'rose' })).toMatchObject({
      ok: false,
      error: 'chat.errorFictional',
    })
    expect(await messageCount(a.profileId)).toBe(0)
    expect(await wallet(a.userId)).toMatchObject({ credits: 100, spends: 0 })
  })
})

describe('gifts and photos', () => {
  it('a gift costs gift_credits and is stored as a gift; an unknown gift is refused', async () => {
    const a = await createMember({ credits: 50 })
    const b = await createMember({ gender: 'male' })
    const r = await submitMessage(a.profileId, { toProfileId: b.profileId, clientId: crypto.randomUUID(), gift: 'rose' })
    expect(r.ok && r.message).toMatchObject({ kind: 'gift', gift: 'rose', body: '' })
    expect((await wallet(a.userId)).credits).toBe(30)
    expect(await submitMessage(a.profileId, { toProfileId: b.profileId, clientId: crypto.randomUUID(), gift: 'yacht' })).toMatchObject({
      ok: false,
      error: 'chat.errorInvalid',
    })
  })

  it('photos are Premium; a sent one is re-encoded, charged photo_credits and shown to the two members only', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif' } } })
      .jpeg()
      .toBuffer()
    const free = await createMember({ credits: 50 })
    const a = await createMember({ paidUser: true, credits: 50 })
    const b = await createMember({ gender: 'male' })
    const outsider = await createMember()
    expect(await sendChatPhoto(free.profileId, b.profileId, crypto.randomUUID(), jpeg)).toMatchObject({ ok: false, error: 'chat.errorPremiumOnly' })
    const r = await sendChatPhoto(a.profileId, b.profileId, crypto.randomUUID(), jpeg)
    expect(r.ok).toBe(true)
    if (!r.ok || !('message' in r)) return
    expect(r.message).toMatchObject({ kind: 'photo', photo: true })
    expect((await wallet(a.userId)).credits).toBe(40)
    const photo = await chatPhotoFile(b.profileId, r.message.conversationId, r.message.id)
    if (!photo.ok) throw new Error('the partner must see the photo')
    expect(photo.file).toMatch(/^chat-/)
    const file = fs.readFileSync(mediaPath(env().DATA_DIR, photo.file, 'private'))
    expect((await sharp(file).metadata()).format).toBe('webp')
    expect(file.includes(Buffer.from('secret-exif'))).toBe(false)
    expect(await chatPhotoFile(outsider.profileId, r.message.conversationId, r.message.id)).toEqual({ ok: false, reason: 'not_found' })
    expect(await sendChatPhoto(a.profileId, b.profileId, crypto.randomUUID(), Buffer.from('not an image'))).toMatchObject({
      ok: false,
      error: 'photo',
      code: 'not_image',
    })
  })

  it('a photo refused for credits leaves no file behind', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer()
    const a = await createMember({ paidUser: true, credits: 5 })
    const b = await createMember({ gender: 'male' })
    const dir = mediaPath(env().DATA_DIR, 'x', 'private').replace(/x$/, '')
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(`chat-${a.profileId}-`)) : []
    expect(await sendChatPhoto(a.profileId, b.profileId, crypto.randomUUID(), jpeg)).toMatchObject({ ok: false, error: 'chat.errorNoCredits' })
    const after = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(`chat-${a.profileId}-`)) : []
    expect(after).toEqual(before)
  })
})

describe('the conversation', () => {
  it('removing a chat hides it for that member only, until a new message arrives', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const r = await send(a.profileId, b.profileId)
    if (!r.ok) throw new Error('send failed')
    expect(await hideConversation(r.message.conversationId, b.profileId)).toBe(true)
    expect(await listChats(b.profileId)).toEqual([])
    expect(await listChats(a.profileId)).toHaveLength(1)
    const stranger = await createMember()
    expect(await hideConversation(r.message.conversationId, stranger.profileId)).toBe(false)
    await send(a.profileId, b.profileId)
    expect(await listChats(b.profileId)).toHaveLength(1)
  })

  it('pages back by cursor across a page boundary while new messages arrive, within the history limit', async () => {
    const a = await createMember({ paidUser: true, credits: 10_000 })
    const b = await createMember({ gender: 'male' })
    const first = await send(a.profileId, b.profileId, { body: 'm0' })
    if (!first.ok) throw new Error('send failed')
    const conv = first.message.conversationId
    await db()
      .insert(messages)
      .values(
        Array.from({ length: 69 }, (_, i) => ({
          conversationId: conv,
          senderId: i % 2 ? a.profileId : b.profileId,
          clientId: crypto.randomUUID(),
          body: `m${i + 1}`,
        })),
      )
    const page1 = await messagePage(conv, a.profileId)
    expect(page1.messages).toHaveLength(50)
    expect(page1.hasMore).toBe(true)
    // Two messages arrive while the member reads: the next page is still exactly the older ones.
    await send(a.profileId, b.profileId, { body: 'new 1' })
    await send(b.profileId, a.profileId, { body: 'new 2' })
    const page2 = await messagePage(conv, a.profileId, page1.messages[0].id)
    expect(page2.messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`))
    expect(page2.hasMore).toBe(false)
    const seen = new Set([...page1.messages, ...page2.messages].map((m) => m.id))
    expect(seen.size).toBe(70)

    await updateSetting('chat_history_limit', 60)
    const limited = await messagePage(conv, a.profileId, page1.messages[0].id)
    // 72 messages, the newest 60 shown: of the 20 before page 1, the oldest 12 stay hidden.
    expect(limited.messages.map((m) => m.body)[0]).toBe('m12')
    expect(limited.hasMore).toBe(false)
  })

  it('delivery states: delivered and read marks reach the sender; read receipts only for Premium senders', async () => {
    const premium = await createMember({ paidUser: true, credits: 100 })
    const free = await createMember()
    const b = await createMember({ gender: 'male' })
    const p = await send(premium.profileId, b.profileId)
    const f = await send(free.profileId, b.profileId)
    if (!p.ok || !f.ok) throw new Error('send failed')
    expect(await receiptFor(p.message.conversationId, b.profileId, true)).toEqual({ conversationId: p.message.conversationId, deliveredUpTo: 0, readUpTo: 0 })
    await markDelivered(p.message.conversationId, b.profileId, premium.profileId, p.message.id)
    expect(await receiptFor(p.message.conversationId, b.profileId, true)).toMatchObject({ deliveredUpTo: p.message.id, readUpTo: 0 })
    await markConversationRead(p.message.conversationId, b.profileId, premium.profileId)
    expect(await receiptFor(p.message.conversationId, b.profileId, true)).toMatchObject({ deliveredUpTo: p.message.id, readUpTo: p.message.id })
    await markConversationRead(f.message.conversationId, b.profileId, free.profileId)
    expect(await receiptFor(f.message.conversationId, b.profileId, false)).toMatchObject({ deliveredUpTo: f.message.id, readUpTo: null })
    // A mark beyond what was sent cannot be claimed.
    await markDelivered(p.message.conversationId, b.profileId, premium.profileId, p.message.id + 1000)
    expect(await receiptFor(p.message.conversationId, b.profileId, true)).toMatchObject({ deliveredUpTo: p.message.id })
  })

  it('a received message can be reported by its recipient only, once', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const c = await createMember()
    const r = await send(a.profileId, b.profileId, { body: 'send me 200 euro by western union' })
    if (!r.ok) throw new Error('send failed')
    expect(await reportMessage({ reporterId: a.profileId, messageId: r.message.id, reason: 'scam' })).toBe(false)
    expect(await reportMessage({ reporterId: c.profileId, messageId: r.message.id, reason: 'scam' })).toBe(false)
    expect(await reportMessage({ reporterId: b.profileId, messageId: r.message.id, reason: 'scam' })).toBe(true)
    expect(await reportMessage({ reporterId: b.profileId, messageId: r.message.id, reason: 'scam' })).toBe(true)
    const rows = await db().select({ target: reports.targetId, messageId: reports.messageId }).from(reports)
    expect(rows).toEqual([{ target: a.profileId, messageId: r.message.id }])
  })
})
