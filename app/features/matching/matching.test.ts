import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { addMainPhoto, createFictional, createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { blocks, domainEvents, likes, profileImages, profiles, skips, users, type Gender, type Sexuality } from '#db/schema/index'
import { ageOn, birthDateForAge } from '#app/lib/dates'
import { isCompatible, proposedAges } from '#app/policies/compatibility'
import { likeProfile } from '#app/features/likes/likes.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { proposals, proposer, suggestion } from './proposals.server'
import { rememberTimeZone, skipProfile, swipeAllowance, swipeLike, undoSkip } from './swipe.server'
import { nextMidnight, validTimeZone } from './time-zone'

useTestDatabase()

type Member = Awaited<ReturnType<typeof createMember>>
const DAY = 86_400_000

// With a photo: the matching screens propose only members who could like back (issue 28).
const man = (over: Parameters<typeof createMember>[0] = {}) => createMember({ gender: 'male', sexuality: 'hetero', photo: true, ...over })
const woman = (over: Parameters<typeof createMember>[0] = {}) => createMember({ gender: 'female', sexuality: 'hetero', photo: true, ...over })

/** Ids proposed to a viewer, in the order given. */
async function proposedTo(viewerId: number, opts: { limit?: number; exclude?: number[] } = {}): Promise<number[]> {
  const v = await proposer(viewerId)
  return (await proposals(v!, { limit: opts.limit ?? 200, exclude: opts.exclude })).map((p) => p.profile.id)
}

async function setProfile(profileId: number, values: Partial<typeof profiles.$inferInsert>) {
  await db().update(profiles).set(values).where(eq(profiles.id, profileId))
}

async function skippedDaysAgo(skipperId: number, skippedId: number, days: number) {
  await db()
    .insert(skips)
    .values({ skipperId, skippedId, createdAt: new Date(Date.now() - days * DAY) })
    .onConflictDoUpdate({ target: [skips.skipperId, skips.skippedId], set: { createdAt: new Date(Date.now() - days * DAY) } })
}

async function swipeLikeRows(likerId: number): Promise<number> {
  const [r] = await db()
    .select({ n: count() })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.source, 'swipe')))
  return r.n
}

async function eventCount(type: string): Promise<number> {
  const [r] = await db().select({ n: count() }).from(domainEvents).where(eq(domainEvents.type, type))
  return r.n
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)

describe('proposals follow the one rule', () => {
  const viewerBirth = '1990-01-01'
  const ages = () => proposedAges(ageOn(viewerBirth))

  // The viewer is a hetero man in NL; each case builds one candidate around him.
  const cases: { name: string; proposed: boolean; arrange: (viewer: Member) => Promise<number> }[] = [
    { name: 'hetero woman', proposed: true, arrange: async () => (await woman()).profileId },
    { name: 'bi woman', proposed: true, arrange: async () => (await woman({ sexuality: 'bi' })).profileId },
    { name: 'lesbian woman', proposed: false, arrange: async () => (await woman({ sexuality: 'lesbian' })).profileId },
    { name: 'gay woman', proposed: false, arrange: async () => (await woman({ sexuality: 'gay' })).profileId },
    { name: 'hetero man', proposed: false, arrange: async () => (await man()).profileId },
    { name: 'gay man', proposed: false, arrange: async () => (await man({ sexuality: 'gay' })).profileId },
    { name: 'lesbian man', proposed: false, arrange: async () => (await man({ sexuality: 'lesbian' })).profileId },
    { name: 'bi man', proposed: false, arrange: async () => (await man({ sexuality: 'bi' })).profileId },
    {
      name: 'blocked by the viewer',
      proposed: false,
      arrange: async (v) => {
        const c = await woman()
        await db().insert(blocks).values({ blockerId: v.profileId, blockedId: c.profileId })
        return c.profileId
      },
    },
    {
      name: 'blocking the viewer',
      proposed: false,
      arrange: async (v) => {
        const c = await woman()
        await db().insert(blocks).values({ blockerId: c.profileId, blockedId: v.profileId })
        return c.profileId
      },
    },
    { name: 'invisible', proposed: false, arrange: async () => (await woman({ invisible: true })).profileId },
    { name: 'in privacy mode', proposed: false, arrange: async () => (await woman({ privacyMode: true })).profileId },
    {
      name: 'in privacy mode, liked the viewer',
      proposed: true,
      arrange: async (v) => {
        const c = await woman({ privacyMode: true })
        await db().insert(likes).values({ likerId: c.profileId, likedId: v.profileId })
        return c.profileId
      },
    },
    {
      name: 'invisible, liked the viewer',
      proposed: false,
      arrange: async (v) => {
        const c = await woman({ invisible: true })
        await db().insert(likes).values({ likerId: c.profileId, likedId: v.profileId })
        return c.profileId
      },
    },
    {
      name: 'liked the viewer',
      proposed: true,
      arrange: async (v) => {
        const c = await woman()
        await db().insert(likes).values({ likerId: c.profileId, likedId: v.profileId })
        return c.profileId
      },
    },
    { name: 'profile disabled', proposed: false, arrange: async () => (await woman({ profileStatus: 'disabled' })).profileId },
    {
      name: 'liked by the viewer on the profile page',
      proposed: false,
      arrange: async (v) => {
        const c = await woman()
        expect(await likeProfile(v.profileId, c.profileId)).toMatchObject({ ok: true })
        return c.profileId
      },
    },
    {
      name: 'liked by the viewer in the swipe game',
      proposed: false,
      arrange: async (v) => {
        const c = await woman()
        expect(await swipeLike(v, c.profileId)).toMatchObject({ ok: true })
        return c.profileId
      },
    },
    {
      name: 'skipped just now',
      proposed: false,
      arrange: async (v) => {
        const c = await woman()
        expect(await skipProfile(v.profileId, c.profileId)).toBe(true)
        return c.profileId
      },
    },
    {
      name: 'skipped 29 days ago',
      proposed: false,
      arrange: async (v) => {
        const c = await woman()
        await skippedDaysAgo(v.profileId, c.profileId, 29)
        return c.profileId
      },
    },
    {
      name: 'skipped 31 days ago',
      proposed: true,
      arrange: async (v) => {
        const c = await woman()
        await skippedDaysAgo(v.profileId, c.profileId, 31)
        return c.profileId
      },
    },
    {
      name: 'skipped by someone else',
      proposed: true,
      arrange: async () => {
        const c = await woman()
        const other = await man()
        await skipProfile(other.profileId, c.profileId)
        return c.profileId
      },
    },
    {
      name: 'skipped the viewer',
      proposed: true,
      arrange: async (v) => {
        const c = await woman()
        await skipProfile(c.profileId, v.profileId)
        return c.profileId
      },
    },
    // Issue 28: only members who can like back. A fictional profile never can, even with a photo.
    {
      name: 'fictional woman with a photo',
      proposed: false,
      arrange: async () => {
        const f = await createFictional({ gender: 'female' })
        await addMainPhoto(f.profileId)
        return f.profileId
      },
    },
    { name: 'without a photo', proposed: false, arrange: async () => (await woman({ photo: false })).profileId },
    {
      name: 'a photo still waiting for moderation',
      proposed: false,
      arrange: async () => {
        const c = await woman({ photo: false })
        const image = await addMainPhoto(c.profileId)
        await db().update(profileImages).set({ status: 'pending' }).where(eq(profileImages.id, image))
        return c.profileId
      },
    },
    { name: 'account not confirmed', proposed: false, arrange: async () => (await woman({ status: 'not_confirmed' })).profileId },
    { name: 'account pending deletion', proposed: false, arrange: async () => (await woman({ status: 'pending_deletion' })).profileId },
    { name: 'fictional man', proposed: false, arrange: async () => (await createFictional({ gender: 'male' })).profileId },
    { name: 'another country (after the viewer’s own)', proposed: true, arrange: async () => (await woman({ country: 'DE' })).profileId },
    { name: 'youngest proposed age', proposed: true, arrange: async () => (await woman({ birthDate: birthDateForAge(ages().min) })).profileId },
    { name: 'a day younger than that', proposed: false, arrange: async () => (await woman({ birthDate: addDays(birthDateForAge(ages().min), 1) })).profileId },
    { name: 'oldest proposed age', proposed: true, arrange: async () => (await woman({ birthDate: addDays(birthDateForAge(ages().max + 1), 1) })).profileId },
    { name: 'a day older than that', proposed: false, arrange: async () => (await woman({ birthDate: birthDateForAge(ages().max + 1) })).profileId },
  ]

  it('a table of candidates for a hetero man', async () => {
    const viewer = await man({ birthDate: viewerBirth })
    const built: { name: string; id: number; proposed: boolean }[] = []
    for (const c of cases) built.push({ name: c.name, proposed: c.proposed, id: await c.arrange(viewer) })
    const got = new Set(await proposedTo(viewer.profileId))
    expect(Object.fromEntries(built.map((c) => [c.name, got.has(c.id)]))).toEqual(Object.fromEntries(built.map((c) => [c.name, c.proposed])))
    expect(got.has(viewer.profileId)).toBe(false)
    expect(got.size).toBe(built.filter((c) => c.proposed).length)
  })

  it('a young viewer is proposed adults only, from 18', async () => {
    const viewer = await man({ birthDate: birthDateForAge(19) })
    const adult = await woman({ birthDate: birthDateForAge(18) })
    const minor = await woman({ birthDate: addDays(birthDateForAge(18), 1) })
    const ids = await proposedTo(viewer.profileId)
    expect(ids).toContain(adult.profileId)
    expect(ids).not.toContain(minor.profileId)
  })

  it('an old viewer is proposed ages up to 99', async () => {
    const viewer = await man({ birthDate: birthDateForAge(95) })
    const at99 = await woman({ birthDate: addDays(birthDateForAge(100), 1) })
    const at100 = await woman({ birthDate: birthDateForAge(100) })
    const ids = await proposedTo(viewer.profileId)
    expect(ids).toContain(at99.profileId)
    expect(ids).not.toContain(at100.profileId)
  })

  it('proposes real members only (isFictional false), and no fictional profile even where nobody else is left', async () => {
    const viewer = await man()
    const f = await createFictional({ gender: 'female' })
    await addMainPhoto(f.profileId)
    const m = await woman()
    const v = await proposer(viewer.profileId)
    const got = await proposals(v!, { limit: 10 })
    expect(got.map((p) => [p.profile.id, p.profile.isFictional])).toEqual([[m.profileId, false]])
    expect((await suggestion(viewer.profileId))?.profile.id).toBe(m.profileId)
    await likeProfile(viewer.profileId, m.profileId)
    expect(await proposals(v!, { limit: 10 })).toEqual([])
    expect(await suggestion(viewer.profileId)).toBeNull()
  })

  it('swipe_skip_days decides how long a skip lasts; skipping again renews it', async () => {
    await updateSetting('swipe_skip_days', 7)
    const viewer = await man()
    const six = await woman()
    const eight = await woman()
    await skippedDaysAgo(viewer.profileId, six.profileId, 6)
    await skippedDaysAgo(viewer.profileId, eight.profileId, 8)
    expect(await proposedTo(viewer.profileId)).toEqual([eight.profileId])
    expect(await skipProfile(viewer.profileId, eight.profileId)).toBe(true)
    expect(await proposedTo(viewer.profileId)).toEqual([])
  })

  it('undoSkip brings a profile back at once', async () => {
    const viewer = await man()
    const c = await woman()
    expect(await skipProfile(viewer.profileId, c.profileId)).toBe(true)
    expect(await proposedTo(viewer.profileId)).toEqual([])
    expect(await undoSkip(viewer.profileId, c.profileId)).toBe(true)
    expect(await proposedTo(viewer.profileId)).toEqual([c.profileId])
    expect(await undoSkip(viewer.profileId, c.profileId)).toBe(false)
    // Nobody skips themselves or a profile that does not exist.
    expect(await skipProfile(viewer.profileId, viewer.profileId)).toBe(false)
    expect(await skipProfile(viewer.profileId, 999_999)).toBe(false)
  })

  it('the viewer’s region first, then the rest of the country, most recently active first within each', async () => {
    const viewer = await man()
    await setProfile(viewer.profileId, { region: 'Utrecht' })
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000)
    const nearOld = await woman()
    const nearNew = await woman()
    const farNewest = await woman()
    const noRegion = await woman()
    const farOld = await woman()
    const abroadNewest = await woman({ country: 'BE' })
    await setProfile(abroadNewest.profileId, { region: 'Utrecht', lastActiveAt: new Date() })
    await setProfile(nearOld.profileId, { region: 'Utrecht', lastActiveAt: at(48) })
    await setProfile(nearNew.profileId, { region: 'Utrecht', lastActiveAt: at(5) })
    await setProfile(farNewest.profileId, { region: 'Limburg', lastActiveAt: at(1) })
    await setProfile(noRegion.profileId, { region: null, lastActiveAt: at(2) })
    await setProfile(farOld.profileId, { region: 'Drenthe', lastActiveAt: at(100) })

    // Other countries last, however recently active (a region of the same name elsewhere is not the viewer's).
    expect(await proposedTo(viewer.profileId)).toEqual([nearNew, nearOld, farNewest, noRegion, farOld, abroadNewest].map((m) => m.profileId))
    expect(await proposedTo(viewer.profileId, { limit: 2 })).toEqual([nearNew.profileId, nearOld.profileId])
    expect(await proposedTo(viewer.profileId, { limit: 3 })).toEqual([nearNew, nearOld, farNewest].map((m) => m.profileId))
    expect(await proposedTo(viewer.profileId, { exclude: [nearNew.profileId, farNewest.profileId] })).toEqual(
      [nearOld, noRegion, farOld, abroadNewest].map((m) => m.profileId),
    )

    const v = await proposer(viewer.profileId)
    expect((await proposals(v!, { limit: 10 })).map((p) => p.sameRegion)).toEqual([true, true, false, false, false, false])
    expect((await suggestion(viewer.profileId))?.profile.id).toBe(nearNew.profileId)

    // Without a region of their own, the viewer gets the whole country by activity.
    await setProfile(viewer.profileId, { region: null })
    expect(await proposedTo(viewer.profileId)).toEqual([farNewest, noRegion, nearNew, nearOld, farOld, abroadNewest].map((m) => m.profileId))
  })

  it('suggestion is null for an unknown profile or when nobody fits', async () => {
    const viewer = await man()
    expect(await suggestion(999_999)).toBeNull()
    expect(await suggestion(viewer.profileId)).toBeNull()
  })
})

describe('compatibleWith, through proposals, agrees with isCompatible', () => {
  it('for two generated members of each of the 8 kinds', async () => {
    const genders: Gender[] = ['male', 'female']
    const sexualities: Sexuality[] = ['hetero', 'gay', 'lesbian', 'bi']
    const members: { profileId: number; gender: Gender; sexuality: Sexuality }[] = []
    for (const gender of genders)
      for (const sexuality of sexualities)
        for (let i = 0; i < 2; i++) members.push({ ...(await createMember({ gender, sexuality, photo: true })), gender, sexuality })

    for (const viewer of members) {
      const expected = members
        .filter((m) => m.profileId !== viewer.profileId && isCompatible(viewer, m))
        .map((m) => m.profileId)
        .sort((a, b) => a - b)
      const got = (await proposedTo(viewer.profileId)).sort((a, b) => a - b)
      expect(got, `${viewer.sexuality} ${viewer.gender}`).toEqual(expected)
    }
  })
})

describe('the swipe game’s daily likes', () => {
  it('4 swipe likes, then daily_limit until the member’s next midnight; repeats and profile likes cost nothing', async () => {
    const viewer = await man()
    const targets = await Promise.all(Array.from({ length: 7 }, () => woman()))

    // A like on a profile page is not a swipe like.
    expect(await likeProfile(viewer.profileId, targets[6].profileId)).toMatchObject({ ok: true, created: true })
    expect(await swipeAllowance(viewer)).toMatchObject({ likesLeft: 4, perDay: 4 })

    const left: number[] = []
    for (const t of targets.slice(0, 4)) {
      const r = await swipeLike(viewer, t.profileId)
      expect(r).toMatchObject({ ok: true, match: false })
      if (r.ok) left.push(r.allowance.likesLeft)
      // Liking the same profile again is a no-op that does not use a like.
      const again = await swipeLike(viewer, t.profileId)
      expect(again).toMatchObject({ ok: true, allowance: { likesLeft: left.at(-1) } })
    }
    expect(left).toEqual([3, 2, 1, 0])

    const fifth = await swipeLike(viewer, targets[4].profileId)
    expect(fifth).toMatchObject({ ok: false, error: 'daily_limit', allowance: { likesLeft: 0, perDay: 4 } })
    if (fifth.ok || fifth.error !== 'daily_limit') throw new Error('expected daily_limit')
    const resetsAt = Date.parse(fifth.allowance.resetsAt)
    expect(resetsAt).toBeGreaterThan(Date.now())
    expect(resetsAt).toBeLessThanOrEqual(Date.now() + DAY)
    // A member without a time zone counts in UTC.
    expect(new Date(resetsAt).toISOString().slice(11)).toBe('00:00:00.000Z')

    // At the limit a repeat is still a no-op, and a profile-page like still works.
    expect(await swipeLike(viewer, targets[0].profileId)).toMatchObject({ ok: true, allowance: { likesLeft: 0 } })
    expect(await likeProfile(viewer.profileId, targets[5].profileId)).toMatchObject({ ok: true, created: true })
    expect(await swipeAllowance(viewer)).toMatchObject({ likesLeft: 0, perDay: 4, resetsAt: fifth.allowance.resetsAt })
    expect(await swipeLikeRows(viewer.profileId)).toBe(4)
    const [{ n }] = await db().select({ n: count() }).from(likes).where(eq(likes.likerId, viewer.profileId))
    expect(n).toBe(6)
  })

  it('swipe_likes_per_day is a setting', async () => {
    await updateSetting('swipe_likes_per_day', 1)
    const viewer = await man()
    const [a, b] = [await woman(), await woman()]
    expect(await swipeLike(viewer, a.profileId)).toMatchObject({ ok: true, allowance: { likesLeft: 0, perDay: 1 } })
    expect(await swipeLike(viewer, b.profileId)).toMatchObject({ ok: false, error: 'daily_limit' })
  })

  it('refusals of canContact come before the allowance', async () => {
    const viewer = await man()
    const blocker = await woman()
    await db().insert(blocks).values({ blockerId: blocker.profileId, blockedId: viewer.profileId })
    expect(await swipeLike(viewer, viewer.profileId)).toEqual({ ok: false, error: 'self' })
    expect(await swipeLike(viewer, 999_999)).toEqual({ ok: false, error: 'not_found' })
    expect(await swipeLike(viewer, blocker.profileId)).toEqual({ ok: false, error: 'blocked' })
    expect(await swipeAllowance(viewer)).toMatchObject({ likesLeft: 4 })
  })

  it('12 concurrent swipe likes: exactly 4 pass, never 5 (three members in turn)', async () => {
    for (let round = 0; round < 3; round++) {
      const viewer = await man()
      const targets = await Promise.all(Array.from({ length: 12 }, () => woman()))
      const results = await Promise.all(targets.map((t) => swipeLike(viewer, t.profileId)))
      expect(results.filter((r) => r.ok)).toHaveLength(4)
      expect(results.filter((r) => !r.ok && r.error === 'daily_limit')).toHaveLength(8)
      expect(await swipeLikeRows(viewer.profileId)).toBe(4)
      expect(await swipeAllowance(viewer)).toMatchObject({ likesLeft: 0 })
    }
  })

  it('a mutual like is a match, recorded once however often the like is repeated', async () => {
    const a = await man()
    const b = await woman()
    expect(await likeProfile(b.profileId, a.profileId)).toMatchObject({ ok: true, match: false, created: true })
    expect(await swipeLike(a, b.profileId)).toMatchObject({ ok: true, match: true, allowance: { likesLeft: 3 } })
    expect(await eventCount('match.made')).toBe(1)
    // The same like again, through the game or the profile page, answers the same and records nothing new.
    expect(await swipeLike(a, b.profileId)).toMatchObject({ ok: true, match: true, allowance: { likesLeft: 3 } })
    expect(await likeProfile(a.profileId, b.profileId)).toMatchObject({ ok: true, match: true, created: false })
    expect(await likeProfile(b.profileId, a.profileId)).toMatchObject({ ok: true, match: true, created: false })
    expect(await eventCount('match.made')).toBe(1)
    expect(await eventCount('like.given')).toBe(2)
    const [event] = await db().select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.type, 'match.made'))
    expect(event.payload).toEqual({ profileIds: [b.profileId, a.profileId], by: a.profileId })
  })

  it('two members liking each other at the same moment make exactly one match', async () => {
    for (let i = 0; i < 8; i++) {
      const a = await man()
      const b = await woman()
      const [ra, rb] = await Promise.all([swipeLike(a, b.profileId), likeProfile(b.profileId, a.profileId)])
      expect(ra.ok && rb.ok).toBe(true)
      // The one that came second saw the first: one of the two answers says match.
      expect([ra, rb].filter((r) => r.ok && r.match).length).toBeGreaterThanOrEqual(1)
    }
    expect(await eventCount('like.given')).toBe(16)
    expect(await eventCount('match.made')).toBe(8)
  })
})

describe('the day starts at the member’s midnight', () => {
  it('rememberTimeZone keeps valid zones only', async () => {
    const m = await man()
    const zone = async () => (await db().select({ tz: users.timeZone }).from(users).where(eq(users.id, m.userId)))[0].tz
    expect(await rememberTimeZone(m.userId, 'Europe/Amsterdam')).toBe('Europe/Amsterdam')
    expect(await zone()).toBe('Europe/Amsterdam')
    expect(await rememberTimeZone(m.userId, 'Mars/Base')).toBeNull()
    expect(await rememberTimeZone(m.userId, "Europe/Amsterdam'; drop table users; --")).toBeNull()
    expect(await zone()).toBe('Europe/Amsterdam')
    expect(await rememberTimeZone(m.userId, 'US/Pacific')).toBe('America/Los_Angeles')
    expect(await zone()).toBe('America/Los_Angeles')
  })

  it('likes given "yesterday" in Auckland but "today" in Los Angeles (or the other way round) count only for today', async () => {
    const akl = await man()
    const la = await man()
    expect(await rememberTimeZone(akl.userId, 'Pacific/Auckland')).toBe('Pacific/Auckland')
    expect(await rememberTimeZone(la.userId, 'America/Los_Angeles')).toBe('America/Los_Angeles')

    // The start of today in each zone: the midnight after a moment 26 hours before the next one (days are 23-25 h).
    const now = Date.now()
    const todayStarts = (tz: string) => nextMidnight(tz, new Date(nextMidnight(tz, new Date(now)).getTime() - 26 * 3_600_000)).getTime()
    const starts = { akl: todayStarts('Pacific/Auckland'), la: todayStarts('America/Los_Angeles') }
    for (const s of Object.values(starts)) expect(s).toBeLessThanOrEqual(now)
    // The two zones never start their day at the same moment: a minute before the later start is still
    // "yesterday" there and already "today" in the other zone.
    const yesterdayFor = starts.akl > starts.la ? 'akl' : 'la'
    const at = new Date(Math.max(starts.akl, starts.la) - 60_000)
    expect(at.getTime()).toBeGreaterThanOrEqual(Math.min(starts.akl, starts.la))

    const members = { akl, la }
    for (const m of Object.values(members)) {
      const targets = await Promise.all(Array.from({ length: 4 }, () => woman()))
      await db()
        .insert(likes)
        .values(targets.map((t) => ({ likerId: m.profileId, likedId: t.profileId, source: 'swipe' as const, createdAt: at })))
    }
    const todayFor = yesterdayFor === 'akl' ? 'la' : 'akl'
    expect(await swipeAllowance(members[yesterdayFor])).toMatchObject({ likesLeft: 4 })
    expect(await swipeAllowance(members[todayFor])).toMatchObject({ likesLeft: 0 })
    for (const [key, tz] of [
      ['akl', 'Pacific/Auckland'],
      ['la', 'America/Los_Angeles'],
    ] as const) {
      const { resetsAt } = await swipeAllowance(members[key])
      expect(resetsAt).toBe(nextMidnight(tz).toISOString())
    }

    const fresh = await woman()
    expect(await swipeLike(members[yesterdayFor], fresh.profileId)).toMatchObject({ ok: true, allowance: { likesLeft: 3 } })
    expect(await swipeLike(members[todayFor], fresh.profileId)).toMatchObject({ ok: false, error: 'daily_limit', allowance: { likesLeft: 0 } })
  })

  it('nextMidnight agrees with the database’s start of the next day', async () => {
    const instants = [
      '2026-01-15T12:00:00Z',
      '2026-03-29T00:30:00Z',
      '2026-03-29T01:30:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-07-01T21:59:59Z',
      '2026-04-04T12:00:00Z',
      '2026-09-05T12:00:00Z',
      '2026-11-24T18:29:59Z',
    ]
    const zones = ['Europe/Amsterdam', 'Asia/Kolkata', 'Pacific/Auckland', 'America/Los_Angeles', 'America/Santiago', 'UTC']
    for (const tz of zones)
      for (const at of instants) {
        const r = await db().execute<{ next: string }>(
          sql`select to_char(((date_trunc('day', ${at}::timestamptz at time zone ${tz}) + interval '1 day') at time zone ${tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as next`,
        )
        const next = (r as unknown as { rows: { next: string }[] }).rows[0].next
        expect(nextMidnight(tz, new Date(at)).toISOString(), `${tz} ${at}`).toBe(next)
      }
  })
})

describe('time-zone.ts', () => {
  it('validTimeZone', () => {
    expect(validTimeZone('Europe/Amsterdam')).toBe('Europe/Amsterdam')
    expect(validTimeZone('europe/amsterdam')).toBe('Europe/Amsterdam')
    expect(validTimeZone('UTC')).toBe('UTC')
    for (const bad of ['Mars/Base', '../etc', '../../etc/passwd', '', 'Europe/Amsterdam ', 'x'.repeat(65), 123, null, undefined, {}, ['UTC']])
      expect(validTimeZone(bad), String(bad)).toBeNull()
  })

  it.each([
    // Winter (CET, +01:00) and summer (CEST, +02:00) in Amsterdam.
    ['Europe/Amsterdam', '2026-01-15T12:00:00.000Z', '2026-01-15T23:00:00.000Z'],
    ['Europe/Amsterdam', '2026-01-15T22:59:59.999Z', '2026-01-15T23:00:00.000Z'],
    ['Europe/Amsterdam', '2026-01-15T23:00:00.000Z', '2026-01-16T23:00:00.000Z'],
    ['Europe/Amsterdam', '2026-07-01T10:00:00.000Z', '2026-07-01T22:00:00.000Z'],
    ['Europe/Amsterdam', '2026-07-01T21:59:59.500Z', '2026-07-01T22:00:00.000Z'],
    ['Europe/Amsterdam', '2026-07-01T22:00:00.000Z', '2026-07-02T22:00:00.000Z'],
    // The nights the clocks change (2:00 -> 3:00 on 29 March, 3:00 -> 2:00 on 25 October): the next midnight is
    // in the other offset.
    ['Europe/Amsterdam', '2026-03-29T00:30:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['Europe/Amsterdam', '2026-03-28T12:00:00.000Z', '2026-03-28T23:00:00.000Z'],
    ['Europe/Amsterdam', '2026-10-25T00:30:00.000Z', '2026-10-25T23:00:00.000Z'],
    ['Europe/Amsterdam', '2026-10-24T12:00:00.000Z', '2026-10-24T22:00:00.000Z'],
    // India, +05:30 all year.
    ['Asia/Kolkata', '2026-11-24T00:00:00.000Z', '2026-11-24T18:30:00.000Z'],
    ['Asia/Kolkata', '2026-11-24T18:29:59.999Z', '2026-11-24T18:30:00.000Z'],
    ['Asia/Kolkata', '2026-11-24T18:30:00.000Z', '2026-11-25T18:30:00.000Z'],
    ['Asia/Kolkata', '2026-12-31T20:00:00.000Z', '2027-01-01T18:30:00.000Z'],
    // Chile changes its clocks at midnight: in April the day starts at the second 0:00 (-04), in September at
    // the 1:00 (-03) that replaces 0:00.
    ['America/Santiago', '2026-04-04T12:00:00.000Z', '2026-04-05T04:00:00.000Z'],
    ['America/Santiago', '2026-09-05T12:00:00.000Z', '2026-09-06T04:00:00.000Z'],
    ['UTC', '2026-02-28T23:59:59.999Z', '2026-03-01T00:00:00.000Z'],
  ])('nextMidnight(%s, %s) = %s', (tz, at, next) => {
    expect(nextMidnight(tz, new Date(at)).toISOString()).toBe(next)
  })
})
