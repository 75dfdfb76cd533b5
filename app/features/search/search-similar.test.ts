import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { TRACKING_COOKIE } from '#app/features/accounts/tracking'
import { defaultSettings } from '#app/features/settings/defaults'
import { db } from '#db/client.server'
import { blocks, profiles } from '#db/schema/index'
import { searchMembers, similarMembers } from './search-members.server'
import { parseSearchQuery, type SearchQuery } from './search.schema'
import { visitorMaySearch } from './visitor-search.server'

useTestDatabase()

const base: SearchQuery = { gender: 'female', country: '', countryregion: '', min_age: 18, max_age: 99, page: 1 }

/** A birth date that makes someone exactly `age` today (their birthday was some months ago). */
function bornAged(age: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), 1))
  d.setUTCMonth(d.getUTCMonth() - 2)
  // Two months before the first of this month, `age` years ago: the birthday has passed this year.
  return d.toISOString().slice(0, 10)
}

async function inRegion(profileId: number, region: string) {
  await db().update(profiles).set({ region }).where(eq(profiles.id, profileId))
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
const idsOf = (cards: { id: number }[]) => sorted(cards.map((c) => c.id))

describe('region filter (countryregion)', () => {
  it('narrows a country to one region', async () => {
    const viewer = await createMember({ gender: 'male' })
    const berlin = await createMember({ country: 'DE' })
    const bavaria = await createMember({ country: 'DE' })
    const noRegion = await createMember({ country: 'DE' })
    const nl = await createMember({ country: 'NL' })
    await inRegion(berlin.profileId, 'Berlin')
    await inRegion(bavaria.profileId, 'Bavaria')
    await inRegion(nl.profileId, 'Berlin')

    const r = await searchMembers(viewer.profileId, { ...base, country: 'DE', countryregion: 'Berlin' }, 50)
    expect(idsOf(r.profiles)).toEqual([berlin.profileId])
    expect(r.total).toBe(1)
    const all = await searchMembers(viewer.profileId, { ...base, country: 'DE' }, 50)
    expect(idsOf(all.profiles)).toEqual(sorted([berlin.profileId, bavaria.profileId, noRegion.profileId]))
  })

  it('ignores a region without a country (from the query string)', () => {
    expect(parseSearchQuery(new URLSearchParams('countryregion=Berlin'))).toMatchObject({ country: '', countryregion: '' })
    expect(parseSearchQuery(new URLSearchParams('country=DE&countryregion=Berlin'))).toMatchObject({ country: 'DE', countryregion: 'Berlin' })
  })
})

describe('similarMembers', () => {
  it('widens the ages by five years either way, keeps gender and country, drops the region', async () => {
    const viewer = await createMember({ gender: 'male' })
    const age = (a: number, opts: Parameters<typeof createMember>[0] = {}) => createMember({ country: 'DE', birthDate: bornAged(a), ...opts })
    const inRange = await age(32)
    const low = await age(25)
    const tooYoung = await age(24)
    const high = await age(40)
    const tooOld = await age(41)
    const otherRegion = await age(33)
    const male = await age(33, { gender: 'male' })
    const otherCountry = await age(33, { country: 'NL' })
    await inRegion(inRange.profileId, 'Berlin')
    await inRegion(otherRegion.profileId, 'Bavaria')

    const q: SearchQuery = { ...base, country: 'DE', countryregion: 'Berlin', min_age: 30, max_age: 35 }
    const strict = await searchMembers(viewer.profileId, q, 50)
    expect(idsOf(strict.profiles)).toEqual([inRange.profileId])

    const similar = await similarMembers(viewer.profileId, q, [], 50)
    const got = idsOf(similar)
    expect(got).toEqual(sorted([inRange.profileId, low.profileId, high.profileId, otherRegion.profileId]))
    for (const excluded of [tooYoung, tooOld, male, otherCountry, viewer]) expect(got).not.toContain(excluded.profileId)
  })

  it('leaves out the profiles already shown and respects the limit', async () => {
    const viewer = await createMember({ gender: 'male' })
    const a = await createMember({ birthDate: bornAged(30) })
    const b = await createMember({ birthDate: bornAged(31) })
    const c = await createMember({ birthDate: bornAged(32) })
    const q: SearchQuery = { ...base, min_age: 30, max_age: 31 }
    expect(idsOf(await similarMembers(viewer.profileId, q, [a.profileId, b.profileId], 50))).toEqual([c.profileId])
    expect(await similarMembers(viewer.profileId, q, [], 2)).toHaveLength(2)
  })

  it('widens young searches down to 18', async () => {
    const viewer = await createMember({ gender: 'male' })
    const young = await createMember({ birthDate: bornAged(18) })
    const r = await similarMembers(viewer.profileId, { ...base, min_age: 20, max_age: 22 }, [], 50)
    expect(idsOf(r)).toEqual([young.profileId])
  })

  it('respects visibility: no invisible, privacy-mode, disabled, blocking or blocked members, not oneself', async () => {
    const viewer = await createMember({ gender: 'female', sexuality: 'lesbian', birthDate: bornAged(30) })
    const visible = await createMember({ birthDate: bornAged(30) })
    const invisible = await createMember({ birthDate: bornAged(30), invisible: true })
    const privacy = await createMember({ birthDate: bornAged(30), privacyMode: true })
    const disabled = await createMember({ birthDate: bornAged(30), profileStatus: 'disabled' })
    const pending = await createMember({ birthDate: bornAged(30), status: 'pending_deletion', profileStatus: 'disabled' })
    const blocker = await createMember({ birthDate: bornAged(30) })
    const blockee = await createMember({ birthDate: bornAged(30) })
    await db()
      .insert(blocks)
      .values([
        { blockerId: blocker.profileId, blockedId: viewer.profileId },
        { blockerId: viewer.profileId, blockedId: blockee.profileId },
      ])
    const q: SearchQuery = { ...base, min_age: 30, max_age: 30 }
    const got = idsOf(await similarMembers(viewer.profileId, q, [], 50))
    expect(got).toEqual([visible.profileId])
    for (const hidden of [invisible, privacy, disabled, pending, blocker, blockee, viewer]) expect(got).not.toContain(hidden.profileId)
    // Visitors: blocks do not apply, the other rules do.
    expect(idsOf(await similarMembers(null, q, [], 50))).toEqual(sorted([viewer.profileId, visible.profileId, blocker.profileId, blockee.profileId]))
  })
})

describe('visitorMaySearch', () => {
  const cookie = (value: unknown) => `other=1; ${TRACKING_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`
  const settings = (logged_out_search: boolean, logged_out_search_trafficsource: boolean) => ({ logged_out_search, logged_out_search_trafficsource })

  it('lets visitors search when logged_out_search is on (the default)', () => {
    expect(defaultSettings.logged_out_search).toBe(true)
    expect(visitorMaySearch(defaultSettings, null)).toBe(true)
    expect(visitorMaySearch(settings(true, false), null)).toBe(true)
    expect(visitorMaySearch(settings(true, true), null)).toBe(true)
  })

  it('refuses visitors when both settings are off, tracking or not', () => {
    expect(visitorMaySearch(settings(false, false), null)).toBe(false)
    expect(visitorMaySearch(settings(false, false), cookie({ network: 'aff1' }))).toBe(false)
  })

  it('with logged_out_search_trafficsource, needs a tracking cookie naming a network or ref', () => {
    const s = settings(false, true)
    expect(visitorMaySearch(s, null)).toBe(false)
    expect(visitorMaySearch(s, 'other=1')).toBe(false)
    expect(visitorMaySearch(s, cookie({ network: 'aff1' }))).toBe(true)
    expect(visitorMaySearch(s, cookie({ ref: 'partner' }))).toBe(true)
    // Only a sub id is no traffic source; a broken cookie neither.
    expect(visitorMaySearch(s, cookie({ sub1: 'x' }))).toBe(false)
    expect(visitorMaySearch(s, `${TRACKING_COOKIE}=not-json`)).toBe(false)
    expect(visitorMaySearch(s, cookie({ network: '' }))).toBe(false)
  })
})
