import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { db } from '#db/client.server'
import { blocks, conversations, likes, profileImages, profiles, skips, users, type Gender, type Sexuality } from '#db/schema/index'
import { ageOn } from '#app/lib/dates'
import { isCompatible, proposedAges, type Orientation } from '#app/policies/compatibility'
import { getSettings } from '#app/features/settings/settings.server'
import { proposals } from '#app/features/matching/proposals.server'
import { searchMembers } from './search-members.server'
import type { SearchQuery } from './search.schema'

/**
 * The search and proposal queries are written for a million profiles (a deferred join over index-only scans, the
 * viewer's blocks, likes and skips as hashed subplans, "men and women" counted per gender). Whatever the plan,
 * they must list exactly whom the rules of spec section 6 and decision 013 allow, in the same order: here checked
 * against the same rules written out in TypeScript over a few hundred generated profiles, with ties in activity,
 * blocks either way, privacy mode, invisible and disabled profiles.
 */
useTestDatabase()

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Row {
  id: number
  gender: Gender
  sexuality: Sexuality
  birthDate: string
  country: string
  region: string | null
  status: 'active' | 'disabled'
  invisible: boolean
  privacyMode: boolean
  lastActiveAt: Date
  isFictional: boolean
  /** Set for members (world with `members`): their account's status and whether their main photo is approved. */
  accountActive?: boolean
  approvedPhoto?: boolean
}

const DAY = 86_400_000
const NOW = Date.now()

/**
 * A world of `n` profiles: fictional ones, or with `members` a mix of members (accounts of several statuses, with an
 * approved, a pending or no main photo) and fictional profiles, for the matching screens' rule.
 */
async function world(seed: number, n: number, opts: { members?: boolean } = {}) {
  const r = random(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]
  // Few distinct activity times, so that many profiles tie and the id decides the order.
  const times = Array.from({ length: 12 }, (_, i) => new Date(NOW - i * 3_600_000))
  const values = Array.from({ length: n }, (_, i) => ({
    name: `P${i}`,
    gender: pick(['male', 'female'] as const),
    sexuality: pick(['hetero', 'hetero', 'gay', 'lesbian', 'bi'] as const),
    birthDate: new Date(NOW - (18 * 365 + Math.floor(r() * 50 * 365)) * DAY).toISOString().slice(0, 10),
    country: pick(['NL', 'NL', 'DE', 'BE']),
    region: pick(['R1', 'R2', 'R3', null]),
    status: r() < 0.05 ? ('disabled' as const) : ('active' as const),
    isFictional: true,
    invisible: r() < 0.05,
    privacyMode: r() < 0.15,
    lastActiveAt: pick(times),
  }))
  const rows = (await db().insert(profiles).values(values).returning()) as unknown as Row[]
  if (opts.members) {
    // In three statements, not three per profile: the embedded database is slow per statement.
    const plans = rows
      .filter(() => r() >= 0.1)
      .map((row) => {
        const photo = r()
        return { row, status: r() < 0.08 ? pick(['not_confirmed', 'pending_deletion'] as const) : ('active' as const), photo }
      })
    const accounts = await db()
      .insert(users)
      .values(plans.map((x) => ({ email: `eq${seed}-${x.row.id}@example.com`, passwordHash: 'not-a-login', status: x.status })))
      .returning({ id: users.id, email: users.email })
    const accountOf = new Map(accounts.map((a) => [a.email, a.id]))
    const withPhoto = plans.filter((x) => x.photo >= 0.15)
    const images = await db()
      .insert(profileImages)
      .values(
        withPhoto.map((x) => ({
          profileId: x.row.id,
          filename: 'a',
          thumbFilename: 'b',
          matchFilename: 'c',
          blurredFilename: 'd',
          status: x.photo < 0.25 ? ('pending' as const) : ('active' as const),
        })),
      )
      .returning({ id: profileImages.id, profileId: profileImages.profileId })
    const imageOf = new Map(images.map((i) => [i.profileId, i.id]))
    await db().execute(sql`update ${profiles} p set user_id = v.user_id, is_fictional = false, main_image_id = v.image_id
      from (values ${sql.join(
        plans.map((x) => sql`(${x.row.id}::int, ${accountOf.get(`eq${seed}-${x.row.id}@example.com`)}::int, ${imageOf.get(x.row.id) ?? null}::int)`),
        sql`, `,
      )}) as v(id, user_id, image_id) where p.id = v.id`)
    for (const x of plans) Object.assign(x.row, { isFictional: false, accountActive: x.status === 'active', approvedPhoto: x.photo >= 0.25 })
  }
  const ids = rows.map((p) => p.id)
  const pairs = (k: number) => {
    const out = new Map<string, [number, number]>()
    while (out.size < k) {
      const a = pick(ids)
      const b = pick(ids)
      if (a !== b) out.set(`${a}-${b}`, [a, b])
    }
    return [...out.values()]
  }
  const likePairs = pairs(3 * n)
  const blockPairs = pairs(n)
  const talkPairs = new Map(pairs(n).map(([a, b]) => [`${Math.min(a, b)}-${Math.max(a, b)}`, [Math.min(a, b), Math.max(a, b)] as [number, number]]))
  // Skips: some within the skip period, some long ago (those no longer hide anyone).
  const skipPairs = pairs(2 * n).map(([a, b]) => ({ skipperId: a, skippedId: b, createdAt: new Date(NOW - (r() < 0.5 ? 1 : 400) * DAY) }))
  await db()
    .insert(likes)
    .values(likePairs.map(([likerId, likedId]) => ({ likerId, likedId })))
  await db()
    .insert(blocks)
    .values(blockPairs.map(([blockerId, blockedId]) => ({ blockerId, blockedId })))
  await db()
    .insert(conversations)
    .values([...talkPairs.values()].map(([profileLowId, profileHighId]) => ({ profileLowId, profileHighId, startedBy: profileLowId })))
  await db().insert(skips).values(skipPairs)
  const has = (list: [number, number][]) => {
    const s = new Set(list.map(([a, b]) => `${a}-${b}`))
    return (a: number, b: number) => s.has(`${a}-${b}`)
  }
  const liked = has(likePairs)
  const blocked = has(blockPairs)
  const talking = (a: number, b: number) => talkPairs.has(`${Math.min(a, b)}-${Math.max(a, b)}`)
  const skipped = (skipDays: number) => has(skipPairs.filter((s) => s.createdAt.getTime() > NOW - skipDays * DAY).map((s) => [s.skipperId, s.skippedId]))
  const byActivity = (a: Row, b: Row) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime() || b.id - a.id
  /** Spec section 6, written out: whom a viewer (null: a visitor) may find in a list. */
  const listable = (viewer: number | null) => (p: Row) =>
    p.status === 'active' &&
    !p.invisible &&
    p.id !== viewer &&
    (viewer === null || (!blocked(viewer, p.id) && !blocked(p.id, viewer))) &&
    (!p.privacyMode || (viewer !== null && (liked(p.id, viewer) || talking(p.id, viewer))))
  return { rows, ids, r, pick, liked, skipped, listable, byActivity }
}

describe('search and proposals list exactly whom the rules allow, in order', () => {
  it('searchMembers: every filter combination, pages, totals and the capped count', async () => {
    const w = await world(14, 400)
    const viewers = [null, ...Array.from({ length: 8 }, () => w.pick(w.ids))]
    let checked = 0
    for (const viewer of viewers) {
      const me = w.rows.find((p) => p.id === viewer)
      for (let i = 0; i < 20; i++) {
        const country = w.pick(['', 'NL', 'DE', 'BE'])
        const min = 18 + Math.floor(w.r() * 40)
        const q: SearchQuery = {
          gender: w.pick(['male', 'female', 'any'] as const),
          country,
          countryregion: country ? w.pick(['', '', 'R1', 'R2']) : '',
          min_age: min,
          max_age: Math.min(99, min + Math.floor(w.r() * 40)),
          page: 1 + Math.floor(w.r() * 3),
        }
        // The default search of a member follows the matching rule (members.tsx), with gender 'any' for a bi member.
        const orientation: Orientation | null = me && w.r() < 0.3 ? { gender: me.gender, sexuality: me.sexuality } : null
        const perPage = 7
        const cap = w.pick([5, 10_000])
        const expected = w.rows
          .filter(w.listable(viewer))
          .filter((p) => q.gender === 'any' || p.gender === q.gender)
          .filter((p) => !q.country || p.country === q.country)
          .filter((p) => !q.countryregion || p.region === q.countryregion)
          .filter((p) => ageOn(p.birthDate) >= q.min_age && ageOn(p.birthDate) <= q.max_age)
          .filter((p) => !orientation || isCompatible(orientation, p))
          .sort(w.byActivity)
        const got = await searchMembers(viewer, q, perPage, cap, orientation)
        const where = JSON.stringify({ viewer, q, orientation, cap })
        expect(
          got.profiles.map((p) => p.id),
          where,
        ).toEqual(expected.slice((q.page - 1) * perPage, q.page * perPage).map((p) => p.id))
        expect({ total: got.total, capped: got.capped }, where).toEqual({ total: Math.min(cap, expected.length), capped: expected.length > cap })
        checked += expected.length
      }
    }
    // The generated world must give the comparisons something to compare.
    expect(checked).toBeGreaterThan(500)
  })

  it('proposals: region, then country, then elsewhere, without likes and recent skips', async () => {
    const w = await world(2026, 400, { members: true })
    const { swipe_skip_days: skipDays } = await getSettings()
    const skipped = w.skipped(skipDays)
    let checked = 0
    for (let i = 0; i < 25; i++) {
      const me = w.pick(w.rows)
      const limit = w.pick([1, 5, 24, 400])
      const ages = proposedAges(ageOn(me.birthDate))
      const fits = w.rows
        .filter(w.listable(me.id))
        .filter((p) => isCompatible(me, p) && !w.liked(me.id, p.id) && !skipped(me.id, p.id))
        // Issue 28: only someone who can like back (a confirmed member, not leaving, with an approved photo).
        .filter((p) => !p.isFictional && p.accountActive && p.approvedPhoto)
        .filter((p) => ageOn(p.birthDate) >= ages.min && ageOn(p.birthDate) <= ages.max)
        .sort(w.byActivity)
      const near = me.region ? fits.filter((p) => p.country === me.country && p.region === me.region) : []
      const rest = fits.filter((p) => p.country === me.country && !near.includes(p))
      const far = fits.filter((p) => p.country !== me.country)
      const expected = [...near, ...rest, ...far].slice(0, limit).map((p) => p.id)
      const got = await proposals(
        { profileId: me.id, gender: me.gender, sexuality: me.sexuality, birthDate: me.birthDate, country: me.country, region: me.region },
        { limit },
      )
      expect(
        got.map((p) => p.profile.id),
        JSON.stringify({ me, limit }),
      ).toEqual(expected)
      checked += expected.length
    }
    expect(checked).toBeGreaterThan(100)
  })
})
