import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PgDialect } from 'drizzle-orm/pg-core'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createFictional, createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { blocks, likes, profiles } from '#db/schema/index'
import { DEFAULT_COUNT_CAP, defaultLookingFor, searchMembers } from './search-members.server'
import { listedProfileCount } from '#app/features/landers/landers.server'
import { parseSearchQuery, type SearchQuery } from './search.schema'

useTestDatabase()
afterEach(() => {
  vi.useRealTimers()
})

const all: SearchQuery = { gender: 'any', country: '', countryregion: '', min_age: 18, max_age: 99, page: 1 }

/** The birth date (UTC calendar) of someone who turns `years` old `plusDays` days from `now`, computed independently of the app. */
function bornYearsAgo(years: number, plusDays = 0, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
  // Keep the calendar day of today (a 29 February today has no twin in most years: use the 28th there).
  if (d.getUTCMonth() !== now.getUTCMonth()) d.setUTCDate(0)
  d.setUTCDate(d.getUTCDate() + plusDays)
  return d.toISOString().slice(0, 10)
}

async function ids(viewerId: number | null, q: Partial<SearchQuery> = {}, perPage = 100): Promise<number[]> {
  const r = await searchMembers(viewerId, { ...all, ...q }, perPage)
  return r.profiles.map((p) => p.id).sort((a, b) => a - b)
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)

describe('searchMembers filters', () => {
  it('filters by gender and country', async () => {
    const viewer = await createMember({ gender: 'male', country: 'NL' })
    const nlF = await createMember({ gender: 'female', country: 'NL' })
    const deF = await createMember({ gender: 'female', country: 'DE' })
    const nlM = await createMember({ gender: 'male', country: 'NL' })
    const fic = await createFictional({ gender: 'female', country: 'NL' })

    expect(await ids(viewer.profileId, { gender: 'female' })).toEqual(sorted([nlF.profileId, deF.profileId, fic.profileId]))
    expect(await ids(viewer.profileId, { gender: 'female', country: 'NL' })).toEqual(sorted([nlF.profileId, fic.profileId]))
    expect(await ids(viewer.profileId, { gender: 'male' })).toEqual([nlM.profileId])
    expect(await ids(viewer.profileId, { country: 'DE' })).toEqual([deF.profileId])
    expect(await ids(viewer.profileId, { country: 'FR' })).toEqual([])
    expect(await ids(viewer.profileId)).toEqual(sorted([nlF.profileId, deF.profileId, nlM.profileId, fic.profileId]))
  })

  it('says which cards are Premium members, for everyone who sees them (never a fictional profile)', async () => {
    const viewer = await createMember({ gender: 'male', country: 'NL' })
    const premium = await createMember({ gender: 'female', country: 'NL', paidUser: true })
    const free = await createMember({ gender: 'female', country: 'NL' })
    const fic = await createFictional({ gender: 'female', country: 'NL' })
    const r = await searchMembers(viewer.profileId, { ...all, gender: 'female', country: 'NL' }, 50)
    const premiumOf = new Map(r.profiles.map((p) => [p.id, p.premium]))
    expect([premiumOf.get(premium.profileId), premiumOf.get(free.profileId), premiumOf.get(fic.profileId)]).toEqual([true, false, false])
    // A visitor sees the same.
    const anon = await searchMembers(null, { ...all, gender: 'female', country: 'NL' }, 50)
    expect(anon.profiles.find((p) => p.id === premium.profileId)?.premium).toBe(true)
  })

  it('includes members exactly min_age and exactly max_age, excludes max_age + 1 and min_age - 1', async () => {
    const viewer = await createMember({ gender: 'male' })
    const minToday = await createMember({ name: 'MinToday', birthDate: bornYearsAgo(25) })
    const minTomorrow = await createMember({ name: 'MinTomorrow', birthDate: bornYearsAgo(25, 1) })
    const maxToday = await createMember({ name: 'MaxToday', birthDate: bornYearsAgo(30) })
    const maxLastDay = await createMember({ name: 'MaxLastDay', birthDate: bornYearsAgo(31, 1) })
    const tooOld = await createMember({ name: 'TooOld', birthDate: bornYearsAgo(31) })

    const r = await searchMembers(viewer.profileId, { ...all, gender: 'female', min_age: 25, max_age: 30 }, 50)
    const found = new Map(r.profiles.map((p) => [p.id, p.age]))
    expect(found.get(minToday.profileId)).toBe(25)
    expect(found.get(maxToday.profileId)).toBe(30)
    expect(found.get(maxLastDay.profileId)).toBe(30)
    expect(found.has(minTomorrow.profileId)).toBe(false)
    expect(found.has(tooOld.profileId)).toBe(false)
    expect(r.total).toBe(3)
  })

  it('keeps the age boundaries on 29 February', async () => {
    const viewer = await createMember({ gender: 'male' })
    // Born 2010-02-28: 18 on 2028-02-29. Born 2010-03-01: 17 then. Born 1997-03-01: 30; born 1997-02-28: 31.
    const eighteen = await createMember({ birthDate: '2010-02-28' })
    const seventeen = await createMember({ birthDate: '2010-03-01' })
    const thirty = await createMember({ birthDate: '1997-03-01' })
    const thirtyOne = await createMember({ birthDate: '1997-02-28' })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2028-02-29T12:00:00Z'))
    const r = await searchMembers(viewer.profileId, { ...all, gender: 'female', min_age: 18, max_age: 30 }, 50)
    const found = new Map(r.profiles.map((p) => [p.id, p.age]))
    expect(found.get(eighteen.profileId)).toBe(18)
    expect(found.get(thirty.profileId)).toBe(30)
    expect(found.has(seventeen.profileId)).toBe(false)
    expect(found.has(thirtyOne.profileId)).toBe(false)
  })

  it('pages through the results, newest activity first, with the total', async () => {
    const viewer = await createMember({ gender: 'male' })
    const made = []
    for (let i = 0; i < 5; i++) {
      const m = await createMember()
      // Activity i hours ago: made[0] is the most recently active.
      await db()
        .update(profiles)
        .set({ lastActiveAt: sql`now() - make_interval(hours => ${i})` })
        .where(eq(profiles.id, m.profileId))
      made.push(m.profileId)
    }
    const p1 = await searchMembers(viewer.profileId, { ...all, gender: 'female', page: 1 }, 2)
    const p2 = await searchMembers(viewer.profileId, { ...all, gender: 'female', page: 2 }, 2)
    const p3 = await searchMembers(viewer.profileId, { ...all, gender: 'female', page: 3 }, 2)
    const p4 = await searchMembers(viewer.profileId, { ...all, gender: 'female', page: 4 }, 2)
    expect(p1).toMatchObject({ total: 5, page: 1, pages: 3 })
    expect(p3).toMatchObject({ total: 5, page: 3, pages: 3 })
    expect([...p1.profiles, ...p2.profiles, ...p3.profiles].map((p) => p.id)).toEqual(made)
    expect(p3.profiles).toHaveLength(1)
    expect(p4.profiles).toEqual([])
    expect(p4.total).toBe(5)

    const none = await searchMembers(viewer.profileId, { ...all, country: 'FR' }, 2)
    expect(none).toEqual({ profiles: [], total: 0, capped: false, page: 1, pages: 1 })
  })

  it('builds the SQL of a shape of search once: another search of that shape runs without Drizzle building it (issue 26)', async () => {
    const viewer = await createMember({ gender: 'male', country: 'NL' })
    const woman = await createMember({ gender: 'female', country: 'NL' })
    await searchMembers(viewer.profileId, { ...all, gender: 'female', country: 'DE' }, 24)
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    try {
      const r = await searchMembers(viewer.profileId, { ...all, gender: 'female', country: 'NL', min_age: 20, page: 1 }, 24)
      expect(r.profiles.map((p) => p.id)).toEqual([woman.profileId])
      expect(built).not.toHaveBeenCalled()
      // Another shape (a region now) is built once, at its first run.
      await searchMembers(viewer.profileId, { ...all, gender: 'female', country: 'NL', countryregion: 'R1' }, 24)
      expect(built).toHaveBeenCalledTimes(2)
    } finally {
      built.mockRestore()
    }
  })

  it('counts a member\'s search to 1,000 and says "more than" past it; the landers\' headline counts to 10,000', async () => {
    const viewer = await createMember({ gender: 'male', country: 'NL' })
    await db().execute(sql`
      insert into profiles (name, gender, sexuality, birth_date, country, region, city, status, is_fictional)
      select 'P' || g, 'female', 'hetero', current_date - interval '30 years', 'NL', 'R1', 'City', 'active', true
      from generate_series(1, ${DEFAULT_COUNT_CAP + 1}) g`)
    expect(DEFAULT_COUNT_CAP).toBe(1000)
    const r = await searchMembers(viewer.profileId, { ...all, gender: 'female' }, 24)
    expect(r).toMatchObject({ total: 1000, capped: true, pages: 42 })
    expect(r.profiles).toHaveLength(24)
    expect(await listedProfileCount()).toEqual({ total: 1002, capped: false })
  })

  it('lists members with a photo first, each group newest activity first, across pages and in every index', async () => {
    const made: { id: number; photo: boolean }[] = []
    // The most recently active have no photo: without the photo-first order they would lead.
    for (const [i, photo] of [false, false, true, false, true].entries()) {
      const m = await createMember({ country: 'NL', photo })
      await db()
        .update(profiles)
        .set({ region: 'Utrecht', lastActiveAt: sql`now() - make_interval(hours => ${i})` })
        .where(eq(profiles.id, m.profileId))
      made.push({ id: m.profileId, photo })
    }
    const expected = [...made.filter((m) => m.photo), ...made.filter((m) => !m.photo)].map((m) => m.id)
    // A visitor's searches by gender and country, a region, any gender in a country, all countries: each order has an
    // index of its own.
    const queries: Partial<SearchQuery>[] = [
      { gender: 'female', country: 'NL' },
      { gender: 'female', country: 'NL', countryregion: 'Utrecht' },
      { country: 'NL' },
      { gender: 'female' },
      {},
    ]
    for (const q of queries) {
      const pages = await Promise.all([1, 2, 3].map((page) => searchMembers(null, { ...all, ...q, page }, 2)))
      expect(
        pages.flatMap((p) => p.profiles.map((c) => c.id)),
        JSON.stringify(q),
      ).toEqual(expected)
      expect(pages[0].total).toBe(5)
    }
    // A photo that goes away moves its member back among those without.
    await db().update(profiles).set({ mainImageId: null }).where(eq(profiles.id, made[2].id))
    const after = await searchMembers(null, { ...all, gender: 'female' }, 10)
    expect(after.profiles.map((c) => c.id)).toEqual([made[4].id, made[0].id, made[1].id, made[2].id, made[3].id])
  })

  it('returns profile cards with the age and without an unapproved photo', async () => {
    const viewer = await createMember({ gender: 'male' })
    const m = await createMember({ name: 'Cardy', birthDate: bornYearsAgo(40), country: 'BE' })
    const [card] = (await searchMembers(viewer.profileId, { ...all, gender: 'female' }, 10)).profiles
    expect(card).toMatchObject({ id: m.profileId, name: 'Cardy', age: 40, country: 'BE', gender: 'female', isFictional: false, thumb: null })
  })
})

describe('searchMembers visibility', () => {
  it('excludes the viewer, blocks either way, invisible and disabled profiles', async () => {
    const viewer = await createMember()
    const visible = await createMember()
    const blockedByViewer = await createMember()
    const blockingViewer = await createMember()
    await createMember({ invisible: true })
    await createMember({ profileStatus: 'disabled' })
    await db()
      .insert(blocks)
      .values([
        { blockerId: viewer.profileId, blockedId: blockedByViewer.profileId },
        { blockerId: blockingViewer.profileId, blockedId: viewer.profileId },
      ])
    const r = await searchMembers(viewer.profileId, all, 50)
    expect(r.profiles.map((p) => p.id)).toEqual([visible.profileId])
    expect(r.total).toBe(1)
    // Another member sees both sides of that block, but still not the invisible or disabled ones.
    const other = await createMember()
    expect(await ids(other.profileId)).toEqual(sorted([viewer.profileId, visible.profileId, blockedByViewer.profileId, blockingViewer.profileId]))
  })

  it('shows a privacy-mode member only to someone they liked', async () => {
    const priv = await createMember({ privacyMode: true })
    const liked = await createMember({ gender: 'male' })
    const notLiked = await createMember({ gender: 'male' })
    const likedBy = await createMember({ gender: 'male' })
    await db()
      .insert(likes)
      .values([
        { likerId: priv.profileId, likedId: liked.profileId },
        // A like towards the privacy-mode member does not open their profile.
        { likerId: likedBy.profileId, likedId: priv.profileId },
      ])
    expect(await ids(liked.profileId, { gender: 'female' })).toEqual([priv.profileId])
    expect(await ids(notLiked.profileId, { gender: 'female' })).toEqual([])
    expect(await ids(likedBy.profileId, { gender: 'female' })).toEqual([])
  })

  it('shows visitors (no viewer) no privacy-mode, invisible or disabled members', async () => {
    const open = await createMember()
    const priv = await createMember({ privacyMode: true })
    await createMember({ invisible: true })
    await createMember({ profileStatus: 'disabled' })
    const someone = await createMember({ gender: 'male' })
    await db().insert(likes).values({ likerId: priv.profileId, likedId: someone.profileId })
    const r = await searchMembers(null, all, 50)
    expect(r.profiles.map((p) => p.id).sort((a, b) => a - b)).toEqual(sorted([open.profileId, someone.profileId]))
    expect(r.total).toBe(2)
  })
})

describe('defaultLookingFor', () => {
  it('derives the searched gender from gender and sexuality', () => {
    expect(defaultLookingFor(null)).toBe('female')
    // A visitor's default follows the niche (setting niche: 7 gay, 2 she); a member's own sexuality wins.
    expect(defaultLookingFor(null, 7)).toBe('male')
    expect(defaultLookingFor(null, 2)).toBe('female')
    expect(defaultLookingFor({ gender: 'male', sexuality: 'hetero' }, 7)).toBe('female')
    expect(defaultLookingFor({ gender: 'male', sexuality: 'hetero' })).toBe('female')
    expect(defaultLookingFor({ gender: 'female', sexuality: 'hetero' })).toBe('male')
    expect(defaultLookingFor({ gender: 'male', sexuality: 'gay' })).toBe('male')
    expect(defaultLookingFor({ gender: 'female', sexuality: 'lesbian' })).toBe('female')
    expect(defaultLookingFor({ gender: 'female', sexuality: 'bi' })).toBe('any')
    expect(defaultLookingFor({ gender: 'male', sexuality: 'bi' })).toBe('any')
  })
})

describe('parseSearchQuery', () => {
  const parse = (qs: string, defaults?: Partial<SearchQuery>) => parseSearchQuery(new URLSearchParams(qs), defaults)

  it('reads valid values', () => {
    expect(parse('gender=male&country=DE&min_age=25&max_age=40&page=3')).toEqual({ ...all, gender: 'male', country: 'DE', min_age: 25, max_age: 40, page: 3 })
  })

  it('uses the defaults when nothing is given, and the query over the defaults', () => {
    expect(parse('')).toEqual(all)
    expect(parse('', { gender: 'female', country: 'NL' })).toEqual({ ...all, gender: 'female', country: 'NL' })
    expect(parse('gender=male&country=', { gender: 'female', country: 'NL' })).toEqual({ ...all, gender: 'male', country: '' })
  })

  it('swaps min_age and max_age when min is above max', () => {
    expect(parse('min_age=50&max_age=30')).toMatchObject({ min_age: 30, max_age: 50 })
    expect(parse('min_age=40')).toMatchObject({ min_age: 40, max_age: 99 })
    expect(parse('max_age=30&min_age=30')).toMatchObject({ min_age: 30, max_age: 30 })
  })

  it('falls back per field on bad values instead of failing', () => {
    expect(parse('gender=robot&country=nl&min_age=abc&max_age=200&page=0')).toEqual(all)
    expect(parse('country=NLD&min_age=17&max_age=25.5&page=-2')).toEqual(all)
    expect(parse('page=10001')).toMatchObject({ page: 1 })
    expect(parse('page=2&min_age=12&max_age=30')).toEqual({ ...all, page: 2, min_age: 18, max_age: 30 })
  })

  it('drops a region with control characters (PostgreSQL refuses a NUL byte in text: a 500 found by npm run scan)', () => {
    expect(parse('country=NL&countryregion=Utrecht')).toMatchObject({ country: 'NL', countryregion: 'Utrecht' })
    expect(parse('country=NL&countryregion=Utr%00echt')).toMatchObject({ country: 'NL', countryregion: '' })
    expect(parse('country=NL&countryregion=a%0Ab')).toMatchObject({ countryregion: '' })
  })
})
