import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createFictional, createMember } from '../../../tests/setup/factories'
import { bus } from '#app/adapters/bus/index.server'
import { db } from '#db/client.server'
import { blocks, likes, profiles } from '#db/schema/index'
import { profileTopic, type ServerEvent } from '#app/features/chat/chat-events'
import { hasLiked, likeProfile, listLikes, markLikeSeen, unlikeProfile } from './likes.server'
import { useJobRunner } from '../../../tests/setup/job-runner'

useTestDatabase()
useJobRunner()

async function likeRows() {
  return db().select({ likerId: likes.likerId, likedId: likes.likedId, isNew: likes.isNew }).from(likes)
}

/** Collects what the bus delivers to a profile's topic while `fn` runs. */
async function eventsFor(profileId: number, fn: () => Promise<unknown>): Promise<ServerEvent[]> {
  const got: ServerEvent[] = []
  const unsub = await bus().subscribe(profileTopic(profileId), (e) => got.push(e as ServerEvent))
  try {
    await fn()
    // The announcement comes from the job runner, a moment after the commit: wait for it (or, when none is due,
    // long enough that one would have come), then a little more for what follows it.
    for (let i = 0; i < 50 && !got.length; i++) await new Promise((r) => setTimeout(r, 20))
    await new Promise((r) => setTimeout(r, 100))
  } finally {
    await unsub()
  }
  return got
}

describe('likeProfile', () => {
  it('likes once; a repeat changes nothing', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    expect(await likeProfile(a.profileId, b.profileId)).toEqual({ ok: true, match: false, created: true })
    expect(await likeProfile(a.profileId, b.profileId)).toEqual({ ok: true, match: false, created: false })
    expect(await likeRows()).toEqual([{ likerId: a.profileId, likedId: b.profileId, isNew: true }])
    expect(await hasLiked(a.profileId, b.profileId)).toBe(true)
    expect(await hasLiked(b.profileId, a.profileId)).toBe(false)
  })

  it('does not make a seen like new again on a repeat', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    await likeProfile(a.profileId, b.profileId)
    await markLikeSeen(b.profileId, a.profileId)
    await likeProfile(a.profileId, b.profileId)
    expect(await likeRows()).toEqual([{ likerId: a.profileId, likedId: b.profileId, isNew: false }])
  })

  it('is a match when the like is returned', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    expect((await likeProfile(a.profileId, b.profileId)).ok).toBe(true)
    expect(await likeProfile(b.profileId, a.profileId)).toEqual({ ok: true, match: true, created: true })
    // Asking again still reports the match, without a new row.
    expect(await likeProfile(a.profileId, b.profileId)).toEqual({ ok: true, match: true, created: false })
    expect(await likeRows()).toHaveLength(2)
  })

  it('refuses blocks in either direction and oneself', async () => {
    const a = await createMember({ gender: 'male' })
    const blockedByA = await createMember()
    const blockingA = await createMember()
    await db()
      .insert(blocks)
      .values([
        { blockerId: a.profileId, blockedId: blockedByA.profileId },
        { blockerId: blockingA.profileId, blockedId: a.profileId },
      ])
    expect(await likeProfile(a.profileId, blockedByA.profileId)).toEqual({ ok: false, error: 'blocked' })
    expect(await likeProfile(a.profileId, blockingA.profileId)).toEqual({ ok: false, error: 'blocked' })
    expect(await likeProfile(blockedByA.profileId, a.profileId)).toEqual({ ok: false, error: 'blocked' })
    expect(await likeProfile(a.profileId, a.profileId)).toEqual({ ok: false, error: 'self' })
    expect(await likeRows()).toEqual([])
  })

  it('refuses unknown, disabled and invisible profiles', async () => {
    const a = await createMember({ gender: 'male' })
    const disabled = await createMember({ profileStatus: 'disabled' })
    const invisible = await createMember({ invisible: true })
    expect(await likeProfile(a.profileId, 999_999)).toEqual({ ok: false, error: 'not_found' })
    expect(await likeProfile(a.profileId, disabled.profileId)).toEqual({ ok: false, error: 'not_found' })
    expect(await likeProfile(a.profileId, invisible.profileId)).toEqual({ ok: false, error: 'not_found' })
    expect(await likeRows()).toEqual([])
  })

  it('may like a fictional profile', async () => {
    const a = await createMember({ gender: 'male' })
    const f = await createFictional()
    expect(await likeProfile(a.profileId, f.profileId)).toEqual({ ok: true, match: false, created: true })
  })

  it('publishes like (with the liker’s card) and counts to the liked member, once; a match to both', async () => {
    const a = await createMember({ gender: 'male', name: 'Adam' })
    const b = await createMember({ name: 'Bea' })
    const first = await eventsFor(b.profileId, () => likeProfile(a.profileId, b.profileId))
    expect(first).toEqual([
      {
        type: 'like',
        fromProfileId: a.profileId,
        match: false,
        profile: { id: a.profileId, name: 'Adam', age: expect.any(Number), thumb: null, isFictional: false },
      },
      { type: 'counts', unread: 0, newLikes: 1 },
    ])
    expect(await eventsFor(b.profileId, () => likeProfile(a.profileId, b.profileId))).toEqual([])
    const back = await eventsFor(a.profileId, () => likeProfile(b.profileId, a.profileId))
    // The like and the match are separate reactions: their order on the socket is not fixed.
    expect(back).toHaveLength(3)
    expect(back).toEqual(
      expect.arrayContaining([
        { type: 'like', fromProfileId: b.profileId, match: true, profile: expect.objectContaining({ id: b.profileId, name: 'Bea' }) },
        { type: 'counts', unread: 0, newLikes: 1 },
        { type: 'match', profile: expect.objectContaining({ id: b.profileId, name: 'Bea' }) },
      ]),
    )
  })

  it('publishes nothing when refused', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    await db().insert(blocks).values({ blockerId: b.profileId, blockedId: a.profileId })
    expect(await eventsFor(b.profileId, () => likeProfile(a.profileId, b.profileId))).toEqual([])
  })
})

describe('listLikes', () => {
  it('lists received likes new first, then newest; sent likes; and matches only when mutual', async () => {
    const me = await createMember({ gender: 'male' })
    const old = await createMember({ name: 'Old' })
    const seen = await createMember({ name: 'Seen' })
    const fresh = await createMember({ name: 'Fresh' })
    const mutual = await createMember({ name: 'Mutual' })
    const onlySent = await createMember({ name: 'OnlySent' })
    const at = (minutesAgo: number) => sql`now() - make_interval(mins => ${minutesAgo})`
    await db()
      .insert(likes)
      .values([
        { likerId: old.profileId, likedId: me.profileId, isNew: true, createdAt: at(50) },
        { likerId: seen.profileId, likedId: me.profileId, isNew: false, createdAt: at(1) },
        { likerId: fresh.profileId, likedId: me.profileId, isNew: true, createdAt: at(10) },
        { likerId: mutual.profileId, likedId: me.profileId, isNew: false, createdAt: at(30) },
        { likerId: me.profileId, likedId: mutual.profileId, createdAt: at(20) },
        { likerId: me.profileId, likedId: onlySent.profileId, createdAt: at(5) },
      ])

    const received = await listLikes(me.profileId, 'received')
    expect(received.map((e) => [e.profile.name, e.like_new])).toEqual([
      ['Fresh', true],
      ['Old', true],
      ['Seen', false],
      ['Mutual', false],
    ])
    const sent = await listLikes(me.profileId, 'sent')
    expect(sent.map((e) => [e.profile.name, e.like_new])).toEqual([
      ['OnlySent', false],
      ['Mutual', false],
    ])
    const matches = await listLikes(me.profileId, 'matches')
    expect(matches.map((e) => e.profile.id)).toEqual([mutual.profileId])
    // The other side sees the same match.
    expect((await listLikes(mutual.profileId, 'matches')).map((e) => e.profile.id)).toEqual([me.profileId])
    expect(await listLikes(onlySent.profileId, 'matches')).toEqual([])
    expect(received[0].likedAt).toMatch(/Z$/)
  })

  it('hides blocked counterparts either way and disabled profiles from every tab', async () => {
    const me = await createMember({ gender: 'male' })
    const iBlocked = await createMember()
    const blocksMe = await createMember()
    const disabled = await createMember()
    const ok = await createMember()
    for (const other of [iBlocked, blocksMe, disabled, ok]) {
      await db()
        .insert(likes)
        .values([
          { likerId: other.profileId, likedId: me.profileId },
          { likerId: me.profileId, likedId: other.profileId },
        ])
    }
    await db()
      .insert(blocks)
      .values([
        { blockerId: me.profileId, blockedId: iBlocked.profileId },
        { blockerId: blocksMe.profileId, blockedId: me.profileId },
      ])
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, disabled.profileId))
    for (const tab of ['received', 'sent', 'matches'] as const) {
      expect(
        (await listLikes(me.profileId, tab)).map((e) => e.profile.id),
        tab,
      ).toEqual([ok.profileId])
    }
  })
})

describe('markLikeSeen and unlikeProfile', () => {
  it('clears like_new only for that liker’s like of the viewer', async () => {
    const me = await createMember({ gender: 'male' })
    const a = await createMember()
    const b = await createMember()
    await likeProfile(a.profileId, me.profileId)
    await likeProfile(b.profileId, me.profileId)
    await likeProfile(me.profileId, a.profileId)
    await markLikeSeen(me.profileId, a.profileId)
    const rows = await db().select({ likerId: likes.likerId, likedId: likes.likedId, isNew: likes.isNew }).from(likes)
    expect(rows).toContainEqual({ likerId: a.profileId, likedId: me.profileId, isNew: false })
    expect(rows).toContainEqual({ likerId: b.profileId, likedId: me.profileId, isNew: true })
    // The viewer's own like of a is news for a, untouched.
    expect(rows).toContainEqual({ likerId: me.profileId, likedId: a.profileId, isNew: true })
    const received = await listLikes(me.profileId, 'received')
    expect(received.map((e) => [e.profile.id, e.like_new])).toEqual([
      [b.profileId, true],
      [a.profileId, false],
    ])
  })

  it('unlike removes the like and ends the match', async () => {
    const a = await createMember({ gender: 'male' })
    const b = await createMember()
    await likeProfile(a.profileId, b.profileId)
    await likeProfile(b.profileId, a.profileId)
    await unlikeProfile(a.profileId, b.profileId)
    expect(await hasLiked(a.profileId, b.profileId)).toBe(false)
    expect(await listLikes(b.profileId, 'matches')).toEqual([])
    const [row] = await db()
      .select({ isNew: likes.isNew })
      .from(likes)
      .where(and(eq(likes.likerId, b.profileId), eq(likes.likedId, a.profileId)))
    expect(row).toBeDefined()
  })
})

describe('likes from profiles that are not listed yet', () => {
  it('are stored but not announced', async () => {
    const { bus } = await import('#app/adapters/bus/index.server')
    const { profileTopic } = await import('../chat/chat-events')
    const { createMember } = await import('../../../tests/setup/factories')
    const pending = await createMember({ gender: 'male', status: 'not_confirmed', profileStatus: 'disabled' })
    const target = await createMember()
    const got: unknown[] = []
    const unsub = await bus().subscribe(profileTopic(target.profileId), (e) => got.push(e))
    const r = await likeProfile(pending.profileId, target.profileId)
    expect(r).toMatchObject({ ok: true, created: true })
    // Long enough for the job runner to have announced it, had it been announced.
    await new Promise((res) => setTimeout(res, 500))
    expect(got).toEqual([])
    await unsub()
  })
})
