import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { PgDialect } from 'drizzle-orm/pg-core'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createFictional, createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { accountRestrictions, blocks, conversationMembers, conversations, likes, profileImages, profiles, sessions, users } from '#db/schema/index'
import { createSession } from './sessions.server'
import { getBadgeCounts, getViewer, setAccountLanguage, viewerForSession } from './viewer.server'

useTestDatabase()

/** A conversation between two profiles with the given unread counts per member. */
async function conversation(a: number, b: number, unread: { a: number; b: number; bHidden?: boolean }) {
  const [low, high] = a < b ? [a, b] : [b, a]
  const [c] = await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: a }).returning({ id: conversations.id })
  await db()
    .insert(conversationMembers)
    .values([
      { conversationId: c.id, profileId: a, unreadCount: unread.a },
      { conversationId: c.id, profileId: b, unreadCount: unread.b, hidden: unread.bHidden ?? false },
    ])
  return c.id
}

describe('getViewer', () => {
  it('returns the account and profile fields of the member', async () => {
    const m = await createMember({ email: 'viewer@example.com', name: 'Vera', gender: 'female', sexuality: 'bi', country: 'DE' })
    await db()
      .update(users)
      .set({ credits: 42, paidUser: true, language: 'de', notificationsDisabled: ['like', 'news'] })
      .where(eq(users.id, m.userId))
    const [img] = await db()
      .insert(profileImages)
      .values({
        profileId: m.profileId,
        filename: 'a.webp',
        thumbFilename: 'a-thumb.webp',
        matchFilename: 'a-match.webp',
        blurredFilename: 'a-blur.webp',
        status: 'active',
      })
      .returning({ id: profileImages.id })
    await db().update(profiles).set({ mainImageId: img.id }).where(eq(profiles.id, m.profileId))

    const v = await getViewer(m.userId)
    expect(v).toEqual({
      userId: m.userId,
      profileId: m.profileId,
      email: 'viewer@example.com',
      name: 'Vera',
      status: 'active',
      credits: 42,
      paidUser: true,
      colorMode: 'auto',
      language: 'de',
      signupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      notificationsDisabled: ['like', 'news'],
      thumb: 'a-thumb.webp',
      country: 'DE',
      gender: 'female',
      sexuality: 'bi',
      profileStatus: 'active',
    })
    expect(Math.abs(Date.parse(v!.signupDate) - Date.now())).toBeLessThan(60_000)
  })

  it('has no thumb without a main image, and defaults for a new account', async () => {
    const m = await createMember({ status: 'not_confirmed' })
    const v = await getViewer(m.userId)
    expect(v).toMatchObject({ status: 'not_confirmed', thumb: null, credits: 0, paidUser: false, language: 'en', notificationsDisabled: [] })
  })

  it('is null for unknown users and for accounts pending deletion or deleted', async () => {
    const pending = await createMember({ status: 'pending_deletion' })
    const deleted = await createMember()
    await db().update(users).set({ status: 'deleted' }).where(eq(users.id, deleted.userId))
    expect(await getViewer(pending.userId)).toBeNull()
    expect(await getViewer(deleted.userId)).toBeNull()
    expect(await getViewer(999_999)).toBeNull()
  })

  it('setAccountLanguage changes what the viewer reports', async () => {
    const m = await createMember()
    await setAccountLanguage(m.userId, 'fi')
    expect((await getViewer(m.userId))?.language).toBe('fi')
  })
})

describe('getBadgeCounts', () => {
  it('is zero for a member with nothing', async () => {
    const m = await createMember()
    expect(await getBadgeCounts(m.profileId)).toEqual({ unread: 0, newLikes: 0 })
  })

  it('sums unread over the member’s conversations, without hidden ones, and counts new likes', async () => {
    const me = await createMember()
    const a = await createMember({ gender: 'male' })
    const b = await createMember({ gender: 'male' })
    const c = await createMember({ gender: 'male' })
    const f = await createFictional({ gender: 'male' })
    await conversation(a.profileId, me.profileId, { a: 7, b: 3 })
    await conversation(b.profileId, me.profileId, { a: 0, b: 4 })
    // Hidden from the member's list: its unread messages do not count.
    await conversation(c.profileId, me.profileId, { a: 0, b: 100, bHidden: true })
    // Another member's unread messages are theirs only.
    await conversation(a.profileId, b.profileId, { a: 50, b: 60 })

    await db()
      .insert(likes)
      .values([
        { likerId: a.profileId, likedId: me.profileId, isNew: true },
        { likerId: f.profileId, likedId: me.profileId, isNew: true },
        { likerId: b.profileId, likedId: me.profileId, isNew: false },
        // Likes the member gave are not news to them.
        { likerId: me.profileId, likedId: c.profileId, isNew: true },
      ])

    expect(await getBadgeCounts(me.profileId)).toEqual({ unread: 7, newLikes: 2 })
    expect(await getBadgeCounts(a.profileId)).toEqual({ unread: 57, newLikes: 0 })
    expect(await getBadgeCounts(c.profileId)).toEqual({ unread: 0, newLikes: 1 })
    // A page's session lookup brings the same counts in its one statement (issue 26).
    for (const [m, counts] of [
      [me, { unread: 7, newLikes: 2 }],
      [a, { unread: 57, newLikes: 0 }],
      [c, { unread: 0, newLikes: 1 }],
    ] as const)
      expect((await viewerForSession(await createSession(m.userId), { badgeCounts: true }))?.badgeCounts).toEqual(counts)
  })

  it('leaves out what the member’s lists hide: blocked partners either way and likes from disabled profiles', async () => {
    const me = await createMember()
    const blocksMe = await createMember({ gender: 'male' })
    const iBlocked = await createMember({ gender: 'male' })
    const suspended = await createMember({ gender: 'male' })
    const ok = await createMember({ gender: 'male' })
    for (const p of [blocksMe, iBlocked, suspended, ok]) {
      await conversation(p.profileId, me.profileId, { a: 0, b: 2 })
      await db().insert(likes).values({ likerId: p.profileId, likedId: me.profileId })
    }
    expect(await getBadgeCounts(me.profileId)).toEqual({ unread: 8, newLikes: 4 })
    // The chats and likes pages hide these counterparts (blocked either way, suspended), so nothing could ever
    // clear their counts.
    await db()
      .insert(blocks)
      .values([
        { blockerId: blocksMe.profileId, blockedId: me.profileId },
        { blockerId: me.profileId, blockedId: iBlocked.profileId },
      ])
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, suspended.profileId))
    expect(await getBadgeCounts(me.profileId)).toEqual({ unread: 2, newLikes: 1 })
  })
})

describe('viewerForSession', () => {
  it('is the same viewer as getViewer, in one query, for a live session only', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    expect(await viewerForSession(token)).toEqual(await getViewer(m.userId))
    expect(await viewerForSession(null)).toBeNull()
    expect(await viewerForSession('x'.repeat(101))).toBeNull()
    expect(await viewerForSession('unknown-token')).toBeNull()
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
    expect(await viewerForSession(token)).toBeNull()
  })

  it('builds its statement once: later requests run it without Drizzle building the SQL again (issue 26)', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    for (const badgeCounts of [false, true]) await viewerForSession(token, { badgeCounts })
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    try {
      expect(await viewerForSession(token, { badgeCounts: true })).toMatchObject({ userId: m.userId, badgeCounts: { unread: 0, newLikes: 0 } })
      expect(await viewerForSession(token)).toMatchObject({ userId: m.userId })
      expect(built).not.toHaveBeenCalled()
    } finally {
      built.mockRestore()
    }
  })

  it('opens nothing for a banned member or one pending deletion, and touches an old session', async () => {
    const banned = await createMember()
    const t1 = await createSession(banned.userId)
    await db().insert(accountRestrictions).values({ userId: banned.userId, kind: 'banned', decisionId: 1 })
    expect(await viewerForSession(t1)).toBeNull()
    const leaving = await createMember()
    const t2 = await createSession(leaving.userId)
    await db().update(users).set({ status: 'pending_deletion' }).where(eq(users.id, leaving.userId))
    expect(await viewerForSession(t2)).toBeNull()
    const m = await createMember()
    const t3 = await createSession(m.userId)
    const old = new Date(Date.now() - 11 * 60_000)
    await db().update(sessions).set({ lastUsedAt: old }).where(eq(sessions.userId, m.userId))
    expect((await viewerForSession(t3))?.userId).toBe(m.userId)
    const [row] = await db().select({ lastUsedAt: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, m.userId))
    expect(row.lastUsedAt.getTime()).toBeGreaterThan(old.getTime() + 60_000)
  })
})
