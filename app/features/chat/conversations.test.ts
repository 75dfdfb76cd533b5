import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createFictional, createMember } from '../../../tests/setup/factories'
import { bus } from '#app/adapters/bus/index.server'
import { db } from '#db/client.server'
import { blocks, conversationMembers, conversations, messages, profiles, users } from '#db/schema/index'
import { profileTopic, type ServerEvent } from './chat-events'
import { conversationPartner, findConversationId, HISTORY_PAGE, listChats, listMessages, messagesAfter } from './conversations.server'
import { markConversationRead } from './receipts.server'
import { sendMessage } from './send-message.server'
import { useJobRunner } from '../../../tests/setup/job-runner'
import { getBadgeCounts, getBadgeCountsOf } from '#app/features/authentication/viewer.server'

useTestDatabase()
useJobRunner()

async function send(from: number, to: number, body: string) {
  const r = await sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })
  if (!r.ok) throw new Error(`send failed: ${r.error}`)
  return r.message
}

/** A conversation stored directly (as older data may hold one with a fictional profile). */
async function conversationWith(from: number, to: number, body: string): Promise<number> {
  const [low, high] = from < to ? [from, to] : [to, from]
  const [c] = await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: from }).returning({ id: conversations.id })
  await db().insert(messages).values({ conversationId: c.id, senderId: from, clientId: crypto.randomUUID(), body })
  await db()
    .insert(conversationMembers)
    .values([
      { conversationId: c.id, profileId: from },
      { conversationId: c.id, profileId: to, unreadCount: 1 },
    ])
  return c.id
}

async function member(conversationId: number, profileId: number) {
  const [row] = await db()
    .select({ unread: conversationMembers.unreadCount, hidden: conversationMembers.hidden, lastReadAt: conversationMembers.lastReadAt })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)))
  return row
}

async function setLastMessageAt(conversationId: number, minutesAgo: number) {
  await db()
    .update(conversations)
    .set({ lastMessageAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(conversations.id, conversationId))
}

describe('listChats', () => {
  it('lists the viewer’s chats, latest activity first, with partner, unread count and last message', async () => {
    const me = await createMember({ gender: 'male' })
    const a = await createMember({ name: 'Anna' })
    const b = await createMember({ name: 'Bea' })
    const c = await createFictional({ name: 'Cleo' })
    const ca = (await send(a.profileId, me.profileId, 'a1')).conversationId
    await send(a.profileId, me.profileId, 'a2')
    const cb = (await send(me.profileId, b.profileId, 'to bea')).conversationId
    // Fictional profiles receive no messages; a conversation with one can only come from older data.
    const cc = await conversationWith(me.profileId, c.profileId, 'to cleo')
    await send(b.profileId, me.profileId, 'from bea')
    await setLastMessageAt(ca, 1)
    await setLastMessageAt(cb, 30)
    await setLastMessageAt(cc, 10)

    const chats = await listChats(me.profileId)
    expect(chats.map((c) => [c.profile.name, c.num_unread_messages, c.lastMessage])).toEqual([
      ['Anna', 2, 'a2'],
      ['Cleo', 0, 'to cleo'],
      ['Bea', 1, 'from bea'],
    ])
    expect(chats[0]).toMatchObject({ conversation: ca, profile: { id: a.profileId, gender: 'female', isFictional: false } })
    expect(chats[1].profile.isFictional).toBe(true)
    // The other side sees its own counts.
    const theirs = await listChats(a.profileId)
    expect(theirs.map((c) => [c.profile.id, c.num_unread_messages])).toEqual([[me.profileId, 0]])
  })

  it('leaves out hidden chats until a new message arrives', async () => {
    const me = await createMember({ gender: 'male' })
    const a = await createMember()
    const b = await createMember()
    const ca = (await send(a.profileId, me.profileId, 'hi')).conversationId
    await send(b.profileId, me.profileId, 'hello')
    await db()
      .update(conversationMembers)
      .set({ hidden: true })
      .where(and(eq(conversationMembers.conversationId, ca), eq(conversationMembers.profileId, me.profileId)))
    expect((await listChats(me.profileId)).map((c) => c.profile.id)).toEqual([b.profileId])
    // Hidden only for me: the partner still has it.
    expect(await listChats(a.profileId)).toHaveLength(1)
    await send(a.profileId, me.profileId, 'still there?')
    const again = await listChats(me.profileId)
    expect(again.map((c) => c.profile.id).sort((x, y) => x - y)).toEqual([a.profileId, b.profileId].sort((x, y) => x - y))
    expect(again.find((c) => c.profile.id === a.profileId)?.num_unread_messages).toBe(2)
  })

  it('leaves out partners blocked in either direction', async () => {
    const me = await createMember({ gender: 'male' })
    const iBlocked = await createMember()
    const blocksMe = await createMember()
    const ok = await createMember()
    for (const p of [iBlocked, blocksMe, ok]) await send(p.profileId, me.profileId, 'hi')
    await db()
      .insert(blocks)
      .values([
        { blockerId: me.profileId, blockedId: iBlocked.profileId },
        { blockerId: blocksMe.profileId, blockedId: me.profileId },
      ])
    expect((await listChats(me.profileId)).map((c) => c.profile.id)).toEqual([ok.profileId])
    expect(await listChats(blocksMe.profileId)).toEqual([])
    expect(await listChats(iBlocked.profileId)).toEqual([])
  })
})

describe('listMessages', () => {
  it('returns the latest page oldest first and pages back with beforeId', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const first = await send(a.profileId, b.profileId, 'm0')
    const conv = first.conversationId
    const total = HISTORY_PAGE + 12
    await db()
      .insert(messages)
      .values(
        Array.from({ length: total - 1 }, (_, i) => ({
          conversationId: conv,
          senderId: i % 2 ? a.profileId : b.profileId,
          clientId: crypto.randomUUID(),
          body: `m${i + 1}`,
        })),
      )
    const page1 = await listMessages(conv, a.profileId)
    expect(page1).toHaveLength(HISTORY_PAGE)
    expect(page1[0].body).toBe(`m${total - HISTORY_PAGE}`)
    expect(page1.at(-1)?.body).toBe(`m${total - 1}`)
    const ids1 = page1.map((m) => m.id)
    expect(ids1).toEqual([...ids1].sort((x, y) => x - y))

    const page2 = await listMessages(conv, a.profileId, page1[0].id)
    expect(page2.map((m) => m.body)).toEqual(Array.from({ length: total - HISTORY_PAGE }, (_, i) => `m${i}`))
    expect(await listMessages(conv, a.profileId, page2[0].id)).toEqual([])
    expect(page2[0]).toEqual({
      id: first.id,
      conversationId: conv,
      senderId: a.profileId,
      clientId: first.clientId,
      body: 'm0',
      kind: 'text',
      gift: null,
      photo: false,
      createdAt: first.createdAt,
    })
    expect(typeof page2[0].id).toBe('number')
  })

  it('shows undelivered messages to their sender only', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const m = await send(b.profileId, a.profileId, 'welcome')
    // Then a's account is unconfirmed again (an e-mail change, say): what a writes now is held back.
    await db().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, a.userId))
    await db()
      .insert(messages)
      .values({ conversationId: m.conversationId, senderId: a.profileId, clientId: crypto.randomUUID(), body: 'held back', delivered: false })
    expect((await listMessages(m.conversationId, a.profileId)).map((x) => x.body)).toEqual(['welcome', 'held back'])
    expect((await listMessages(m.conversationId, b.profileId)).map((x) => x.body)).toEqual(['welcome'])
  })

  it('keeps conversations apart', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const c = await createMember()
    const ab = await send(a.profileId, b.profileId, 'for b')
    const ac = await send(a.profileId, c.profileId, 'for c')
    expect(ab.conversationId).not.toBe(ac.conversationId)
    expect((await listMessages(ab.conversationId, b.profileId)).map((m) => m.body)).toEqual(['for b'])
    expect(await findConversationId(b.profileId, a.profileId)).toBe(ab.conversationId)
    expect(await findConversationId(a.profileId, b.profileId)).toBe(ab.conversationId)
    expect(await findConversationId(b.profileId, c.profileId)).toBeNull()
  })
})

describe('messagesAfter (the catch-up after a reconnect)', () => {
  it('returns what came after a message, oldest first, page by page, and only what the viewer may see', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const first = await send(a.profileId, b.profileId, 'seen')
    const conv = first.conversationId
    await db()
      .insert(messages)
      .values(
        Array.from({ length: HISTORY_PAGE + 5 }, (_, i) => ({ conversationId: conv, senderId: b.profileId, clientId: crypto.randomUUID(), body: `n${i}` })),
      )
    await db().insert(messages).values({ conversationId: conv, senderId: a.profileId, clientId: crypto.randomUUID(), body: 'held back', delivered: false })
    const page1 = await messagesAfter(conv, b.profileId, first.id)
    expect(page1.hasMore).toBe(true)
    expect(page1.messages.map((m) => m.body)).toEqual(Array.from({ length: HISTORY_PAGE }, (_, i) => `n${i}`))
    const page2 = await messagesAfter(conv, b.profileId, page1.messages.at(-1)!.id)
    expect(page2).toMatchObject({ hasMore: false })
    expect(page2.messages.map((m) => m.body)).toEqual(['n50', 'n51', 'n52', 'n53', 'n54'])
    // The sender sees their own held-back message; nothing is after the newest.
    const mine = await messagesAfter(conv, a.profileId, page2.messages.at(-1)!.id)
    expect(mine.messages.map((m) => m.body)).toEqual(['held back'])
    expect((await messagesAfter(conv, a.profileId, mine.messages[0].id)).messages).toEqual([])
  })
})

describe('markConversationRead and conversationPartner', () => {
  it('sets the viewer’s unread count to 0, not the partner’s', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const m = await send(a.profileId, b.profileId, 'one')
    await send(a.profileId, b.profileId, 'two')
    await send(b.profileId, a.profileId, 'back')
    expect((await member(m.conversationId, b.profileId)).unread).toBe(0)
    await send(a.profileId, b.profileId, 'three')
    expect((await member(m.conversationId, b.profileId)).unread).toBe(1)
    expect((await member(m.conversationId, a.profileId)).unread).toBe(0)
    await send(b.profileId, a.profileId, 'again')
    expect((await member(m.conversationId, a.profileId)).unread).toBe(1)

    await markConversationRead(m.conversationId, b.profileId)
    const bRow = await member(m.conversationId, b.profileId)
    expect(bRow.unread).toBe(0)
    expect(bRow.lastReadAt).toBeInstanceOf(Date)
    expect((await member(m.conversationId, a.profileId)).unread).toBe(1)
    await markConversationRead(m.conversationId, a.profileId)
    expect((await listChats(a.profileId))[0].num_unread_messages).toBe(0)
  })

  it('tells the partner’s open tabs when the read mark moved, and only then', async () => {
    const a = await createMember({ gender: 'male', paidUser: true, credits: 100 })
    const b = await createMember()
    const m = await send(a.profileId, b.profileId, 'one')
    const newest = await send(a.profileId, b.profileId, 'two')
    const got: ServerEvent[] = []
    const unsub = await bus().subscribe(profileTopic(a.profileId), (e) => got.push(e as ServerEvent))
    await markConversationRead(m.conversationId, b.profileId, a.profileId)
    await markConversationRead(m.conversationId, b.profileId, a.profileId)
    await new Promise((r) => setTimeout(r, 100))
    await unsub()
    const receipts = got.filter((e) => e.type === 'receipt')
    expect(receipts).toEqual([{ type: 'receipt', receipt: { conversationId: m.conversationId, deliveredUpTo: newest.id, readUpTo: newest.id } }])
    expect(await member(m.conversationId, b.profileId)).toMatchObject({ unread: 0 })
  })

  it('an outsider marking a conversation read changes nothing', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const outsider = await createMember()
    const m = await send(a.profileId, b.profileId, 'one')
    await markConversationRead(m.conversationId, outsider.profileId)
    expect((await member(m.conversationId, b.profileId)).unread).toBe(1)
    expect(await member(m.conversationId, outsider.profileId)).toBeUndefined()
  })

  it('names the partner for members and null for outsiders and unknown conversations', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const outsider = await createMember()
    const m = await send(a.profileId, b.profileId, 'one')
    expect(await conversationPartner(m.conversationId, a.profileId)).toBe(b.profileId)
    expect(await conversationPartner(m.conversationId, b.profileId)).toBe(a.profileId)
    expect(await conversationPartner(m.conversationId, outsider.profileId)).toBeNull()
    expect(await conversationPartner(m.conversationId + 1000, a.profileId)).toBeNull()
  })
})

describe('sendMessage access and concurrency', () => {
  it('refuses blocked members in either direction and stores nothing', async () => {
    const a = await createMember({ gender: 'male' })
    const blocksA = await createMember()
    const blockedByA = await createMember()
    await db()
      .insert(blocks)
      .values([
        { blockerId: blocksA.profileId, blockedId: a.profileId },
        { blockerId: a.profileId, blockedId: blockedByA.profileId },
      ])
    const got: ServerEvent[] = []
    const unsub = await bus().subscribe(profileTopic(blocksA.profileId), (e) => got.push(e as ServerEvent))
    const r1 = await sendMessage({ senderId: a.profileId, toProfileId: blocksA.profileId, clientId: crypto.randomUUID(), body: 'x' })
    const r2 = await sendMessage({ senderId: a.profileId, toProfileId: blockedByA.profileId, clientId: crypto.randomUUID(), body: 'x' })
    const r3 = await sendMessage({ senderId: blockedByA.profileId, toProfileId: a.profileId, clientId: crypto.randomUUID(), body: 'x' })
    // Long enough for the job runner to have announced anything it would.
    await new Promise((r) => setTimeout(r, 500))
    await unsub()
    expect([r1, r2, r3]).toEqual([
      { ok: false, error: 'blocked' },
      { ok: false, error: 'blocked' },
      { ok: false, error: 'blocked' },
    ])
    expect(await db().select({ id: messages.id }).from(messages)).toEqual([])
    expect(await db().select({ id: conversations.id }).from(conversations)).toEqual([])
    expect(got).toEqual([])
  })

  it('refuses an invisible member without a conversation, allows one with it', async () => {
    const stranger = await createMember({ gender: 'male' })
    const partner = await createMember({ gender: 'male' })
    const inv = await createMember()
    await send(partner.profileId, inv.profileId, 'before')
    await db().update(profiles).set({ invisible: true }).where(eq(profiles.id, inv.profileId))
    const refused = await sendMessage({ senderId: stranger.profileId, toProfileId: inv.profileId, clientId: crypto.randomUUID(), body: 'x' })
    expect(refused).toEqual({ ok: false, error: 'not_found' })
    const allowed = await sendMessage({ senderId: partner.profileId, toProfileId: inv.profileId, clientId: crypto.randomUUID(), body: 'after' })
    expect(allowed.ok).toBe(true)
    expect(await findConversationId(stranger.profileId, inv.profileId)).toBeNull()
  })

  it('refuses disabled and unknown profiles', async () => {
    const a = await createMember({ gender: 'male' })
    const disabled = await createMember({ profileStatus: 'disabled' })
    expect(await sendMessage({ senderId: a.profileId, toProfileId: disabled.profileId, clientId: crypto.randomUUID(), body: 'x' })).toEqual({
      ok: false,
      error: 'not_found',
    })
    expect(await sendMessage({ senderId: a.profileId, toProfileId: 999_999, clientId: crypto.randomUUID(), body: 'x' })).toEqual({
      ok: false,
      error: 'not_found',
    })
  })

  it('concurrent sends of one client id store one message and count it once', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const clientId = crypto.randomUUID()
    const results = await Promise.all(Array.from({ length: 4 }, () => sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId, body: 'once' })))
    for (const r of results) expect(r.ok).toBe(true)
    const oks = results.flatMap((r) => (r.ok ? [r] : []))
    expect(new Set(oks.map((r) => r.message.id)).size).toBe(1)
    expect(oks.filter((r) => !r.duplicate)).toHaveLength(1)
    const rows = await db().select({ id: messages.id }).from(messages)
    expect(rows).toHaveLength(1)
    const [chat] = await listChats(b.profileId)
    expect(chat.num_unread_messages).toBe(1)
  })

  it('two members writing each other first at the same time share one conversation', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    const [r1, r2] = await Promise.all([
      sendMessage({ senderId: a.profileId, toProfileId: b.profileId, clientId: crypto.randomUUID(), body: 'hi b' }),
      sendMessage({ senderId: b.profileId, toProfileId: a.profileId, clientId: crypto.randomUUID(), body: 'hi a' }),
    ])
    expect(r1.ok && r2.ok).toBe(true)
    if (!r1.ok || !r2.ok) return
    expect(r1.message.conversationId).toBe(r2.message.conversationId)
    expect(await db().select({ id: conversations.id }).from(conversations)).toHaveLength(1)
    expect((await listMessages(r1.message.conversationId, a.profileId)).map((m) => m.body).sort()).toEqual(['hi a', 'hi b'])
  })
})

describe('badge counts', () => {
  it('of several members in one query are each what the single query says', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const c = await createMember({ gender: 'male' })
    await send(b.profileId, a.profileId, 'one')
    await send(c.profileId, a.profileId, 'two')
    await send(c.profileId, a.profileId, 'three')
    await send(b.profileId, c.profileId, 'aside')
    await db().insert(blocks).values({ blockerId: a.profileId, blockedId: c.profileId })
    const many = await getBadgeCountsOf([a.profileId, b.profileId, c.profileId])
    for (const p of [a, b, c]) expect(many.get(p.profileId)).toEqual(await getBadgeCounts(p.profileId))
    // a's count leaves out c, whom a blocked; c has b's one.
    expect(many.get(a.profileId)).toEqual({ unread: 1, newLikes: 0 })
    expect(many.get(c.profileId)).toEqual({ unread: 1, newLikes: 0 })
    expect(await getBadgeCountsOf([])).toEqual(new Map())
  })
})
