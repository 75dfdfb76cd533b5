import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
// The export gathers what other features stored; they are used here to store it the real way.
 
import { sendMessage } from '#app/features/chat/send-message.server'
 
import { likeProfile } from '#app/features/likes/likes.server'
import { blockMember } from '#app/features/safety/block.server'
import { db, setDatabase } from '#db/client.server'
import { conversations, interests, messages, profileImages, profileInterests, profiles, users } from '#db/schema/index'
import { jsonPieces } from '#app/lib/json-stream'
import { accountDataDocument, EXPORT_PAGE_ROWS } from './export-data.server'
import { createSession } from '#app/features/authentication/sessions.server'

const database = useTestDatabase()

interface Exported {
  account: Record<string, unknown>
  profile: Record<string, unknown>
  photos: Record<string, unknown>[]
  conversations: { with_profile_id: number; messages: { from_me: boolean; body: string; created_at: string }[] }[]
  likes_given: { profile_id: number }[]
  likes_received: { profile_id: number }[]
  blocked_members: { profile_id: number }[]
  sessions: Record<string, unknown>[]
}

/** The export as the member downloads it: the streamed text, parsed. */
async function exportAccountData(userId: number): Promise<Exported | null> {
  const doc = await accountDataDocument(userId)
  if (!doc) return null
  let text = ''
  for await (const piece of jsonPieces(doc)) text += piece
  return JSON.parse(text) as Exported
}

async function send(from: number, to: number, body: string) {
  const r = await sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })
  if (!r.ok) throw new Error(`send failed: ${r.error}`)
}

describe('exportAccountData', () => {
  it('contains the member’s account, profile, photos, messages both ways, likes and blocks', async () => {
    const me = await createMember({ email: 'me@example.com', name: 'Mira', country: 'DE' })
    const bert = await createMember({ email: 'bert.secret@example.com', name: 'Bertram', gender: 'male' })
    const carl = await createMember({ email: 'carl.secret@example.com', name: 'Carlos', gender: 'male' })
    const dan = await createMember({ email: 'dan.secret@example.com', name: 'Daniel', gender: 'male' })
    await db().update(profiles).set({ aboutMe: 'I like hiking', city: 'Berlin' }).where(eq(profiles.id, me.profileId))
    const [hiking] = await db().select().from(interests).limit(1)
    await db().insert(profileInterests).values({ profileId: me.profileId, interestId: hiking.id })
    const [photo] = await db()
      .insert(profileImages)
      .values({ profileId: me.profileId, filename: 'me.webp', thumbFilename: 'me-t.webp', matchFilename: 'me-m.webp', blurredFilename: 'me-b.webp', status: 'active' })
      .returning({ id: profileImages.id })
    await db()
      .insert(profileImages)
      .values({ profileId: bert.profileId, filename: 'bert.webp', thumbFilename: 'bert-t.webp', matchFilename: 'bert-m.webp', blurredFilename: 'bert-b.webp', status: 'active' })

    await send(me.profileId, bert.profileId, 'Hello Bertram')
    await send(bert.profileId, me.profileId, 'Hi Mira')
    await send(me.profileId, bert.profileId, 'How are you?')
    await send(carl.profileId, dan.profileId, 'not mine')
    await likeProfile(me.profileId, bert.profileId)
    await likeProfile(carl.profileId, me.profileId)
    await blockMember(me.profileId, dan.profileId)
    await createSession(me.userId, 'Test browser')

    const data = await exportAccountData(me.userId)
    expect(data).not.toBeNull()
    if (!data) return
    expect(data.account).toMatchObject({ email: 'me@example.com', status: 'active', language: 'en' })
    expect(data.profile).toMatchObject({ id: me.profileId, name: 'Mira', country: 'DE', city: 'Berlin', aboutMe: 'I like hiking', interests: [hiking.slug] })
    expect(data.photos).toEqual([expect.objectContaining({ id: photo.id, status: 'active', file: 'me.webp' })])

    expect(data.conversations).toHaveLength(1)
    expect(data.conversations[0].with_profile_id).toBe(bert.profileId)
    expect(data.conversations[0].messages.map((m) => [m.from_me, m.body])).toEqual([
      [true, 'Hello Bertram'],
      [false, 'Hi Mira'],
      [true, 'How are you?'],
    ])
    expect(data.likes_given.map((l) => l.profile_id)).toEqual([bert.profileId])
    expect(data.likes_received.map((l) => l.profile_id)).toEqual([carl.profileId])
    expect(data.blocked_members.map((b) => b.profile_id)).toEqual([dan.profileId])
    expect(data.sessions).toEqual([expect.objectContaining({ user_agent: 'Test browser' })])

    // Nothing of other members beyond their profile ids: no e-mail, no name, no photo, no password hash.
    const json = JSON.stringify(data)
    for (const secret of ['bert.secret@example.com', 'carl.secret@example.com', 'dan.secret@example.com', 'Carlos', 'Daniel', 'bert.webp', 'not mine']) {
      expect(json, secret).not.toContain(secret)
    }
    const [hash] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.id, me.userId))
    expect(json).not.toContain(hash.h)
    expect(json).not.toContain('argon2')
    expect(JSON.parse(json)).toBeTruthy()
  })

  it('answers null for an unknown account', async () => {
    expect(await exportAccountData(987_654)).toBeNull()
  })

  it('reads a member with many conversations and messages page by page: no query per conversation, no page larger than the limit (issue 24, point 10)', async () => {
    const me = await createMember({ name: 'Busy' })
    const others = []
    for (let i = 0; i < 30; i++) others.push(await createMember({ gender: 'male' }))
    // 300 conversations: 30 with members, 270 with fictional profiles (inserted at once, quicker than accounts).
    const partners = [...others.map((o) => o.profileId)]
    const [{ maxId }] = await db().select({ maxId: sql<number>`max(${profiles.id})` }).from(profiles)
    const extra = await db()
      .insert(profiles)
      .values(Array.from({ length: 270 }, (_, i) => ({ name: `Fiction${i}`, gender: 'male' as const, birthDate: '1990-01-01', country: 'NL', status: 'active' as const, isFictional: true })))
      .returning({ id: profiles.id })
    expect(extra[0].id).toBeGreaterThan(maxId)
    partners.push(...extra.map((e) => e.id))
    const convs = await db()
      .insert(conversations)
      .values(partners.map((p) => ({ profileLowId: Math.min(p, me.profileId), profileHighId: Math.max(p, me.profileId), startedBy: me.profileId })))
      .returning({ id: conversations.id, low: conversations.profileLowId, high: conversations.profileHighId })
    // Three messages in most, none in every tenth, and 1,200 in the first: 2,100 rows in all, 5 pages of 500.
    const rows: (typeof messages.$inferInsert)[] = []
    convs.forEach((c, i) => {
      const other = c.low === me.profileId ? c.high : c.low
      const n = i === 0 ? 1200 : i % 10 === 0 ? 0 : 3
      for (let k = 0; k < n; k++) rows.push({ conversationId: c.id, senderId: k % 2 ? other : me.profileId, clientId: crypto.randomUUID(), body: `c${c.id} m${k}` })
    })
    for (let i = 0; i < rows.length; i += 1000) await db().insert(messages).values(rows.slice(i, i + 1000))
    expect(EXPORT_PAGE_ROWS).toBe(500)

    // Count the queries the export makes, and what it has queried when its first message is written.
    const handle = database.handle()
    let queries = 0
    const counting = new Proxy(handle.db, {
      get(target, prop, receiver) {
        if (prop === 'select' || prop === 'execute') queries++
        return Reflect.get(target, prop, receiver) as unknown
      },
    })
    setDatabase({ ...handle, db: counting })
    let text = ''
    let largest = 0
    let queriesAtFirstMessage = -1
    try {
      const doc = await accountDataDocument(me.userId)
      for await (const piece of jsonPieces(doc)) {
        text += piece
        largest = Math.max(largest, piece.length)
        if (queriesAtFirstMessage < 0 && piece.includes('"body"')) queriesAtFirstMessage = queries
      }
    } finally {
      setDatabase(handle)
    }
    const data = JSON.parse(text) as Exported
    expect(data.conversations).toHaveLength(300)
    expect(data.conversations.reduce((n, c) => n + c.messages.length, 0)).toBe(rows.length)
    const first = data.conversations.find((c) => c.messages.length === 1200)!
    expect(first.messages.slice(0, 2).map((m) => [m.from_me, m.body])).toEqual([
      [true, `c${convs[0].id} m0`],
      [false, `c${convs[0].id} m1`],
    ])
    expect(data.conversations.filter((c) => c.messages.length === 0)).toHaveLength(29)
    // The account, the profile, its interests; one page of each small list; and 5 pages of conversation rows
    // (2,100 rows + 29 empty conversations). Before: one query per conversation, over 300.
    expect(queries).toBeLessThanOrEqual(3 + 6 + Math.ceil((rows.length + 29) / EXPORT_PAGE_ROWS))
    // Written as it is read: the first message went out after the first page of rows, not after all of them.
    expect(queriesAtFirstMessage).toBeLessThanOrEqual(5)
    // And in pieces of bounded size, not one string of the whole.
    expect(largest).toBeLessThan(64 * 1024)
    expect(text.length).toBeGreaterThan(100 * 1024)
  }, 60_000)
})
