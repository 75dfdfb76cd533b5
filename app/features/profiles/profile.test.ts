import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { listInterests } from '#app/features/content/interests.server'
import { db } from '#db/client.server'
import { profileImages, profileInterests, profiles } from '#db/schema/index'
import { distanceKm } from './city-index'
import { snapToCell } from './coarse-location'
import { profileEditSchema } from './profile-edit.schema'
import { loadProfilePage } from './profile-page.server'
import { getOwnProfile, updateLocation, updateProfile } from './update-profile.server'

useTestDatabase()

let interestIds: number[] = []
beforeEach(async () => {
  interestIds = (await listInterests()).map((i) => i.id)
})

const schema = () => profileEditSchema({ minAge: 18, countries: ['NL', 'DE', 'BE'], interestIds })

function form(over: Record<string, unknown> = {}) {
  return {
    name: 'Anna',
    gender: 'female',
    sexuality: 'bi',
    date_of_birth: '1990-06-15',
    country: 'DE',
    region: 'Berlin',
    city: 'Berlin',
    hair_color: 'red',
    eye_color: 'green',
    body_type: 'slim',
    relationship_status: 'single',
    tattoos: 'yes',
    signup_reason: 'Fun',
    about_me: 'Hello there',
    interests: interestIds.slice(0, 3),
    ...over,
  }
}

function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const r = schema().safeParse(input)
  if (r.success) return {}
  const out: Record<string, string[]> = {}
  for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message)
  return out
}

describe('profileEditSchema', () => {
  it('accepts a complete profile and normalises it', () => {
    const r = schema().safeParse(form({ interests: [...interestIds.slice(0, 2), interestIds[0], 987_654] }))
    expect(r.success).toBe(true)
    if (!r.success) return
    expect(r.data.tattoos).toBe(true)
    // Duplicates and unknown interests are dropped.
    expect(r.data.interests).toEqual(interestIds.slice(0, 2))
    expect(schema().parse(form({ tattoos: 'no', hair_color: '' }))).toMatchObject({ tattoos: false, hair_color: undefined })
  })

  it('refuses a name that is an e-mail address or starts with @', () => {
    expect(errorsOf(form({ name: 'anna@example.com' })).name).toContain('validation.nameEqualsEmail')
    expect(errorsOf(form({ name: '@anna' })).name).toContain('validation.nameStartsWithAt')
    expect(errorsOf(form({ name: 'Anna' })).name).toBeUndefined()
  })

  it('refuses more than 20 interests', () => {
    expect(interestIds.length).toBeGreaterThan(20)
    expect(errorsOf(form({ interests: interestIds.slice(0, 21) })).interests).toEqual(['validation.tooManyInterests'])
    expect(errorsOf(form({ interests: interestIds.slice(0, 20) })).interests).toBeUndefined()
  })

  it('refuses an underage date of birth, unknown values and a country that is not served', () => {
    const errors = errorsOf(form({ date_of_birth: '2020-01-01', hair_color: 'purple', country: 'XX' }))
    expect(errors.date_of_birth).toContain('validation.dateOfBirthRequired')
    expect(errors.hair_color).toBeDefined()
    expect(errors.country).toEqual(['validation.countryRequired'])
  })
})

describe('updateProfile', () => {
  it('saves the fields and the interests', async () => {
    const m = await createMember({ name: 'Old', country: 'NL' })
    await db().insert(profileInterests).values({ profileId: m.profileId, interestId: interestIds[10] })
    await updateProfile(m.profileId, schema().parse(form({ interests: [interestIds[1], interestIds[2]] })))
    expect(await getOwnProfile(m.profileId)).toEqual({
      name: 'Anna',
      gender: 'female',
      sexuality: 'bi',
      date_of_birth: '1990-06-15',
      country: 'DE',
      region: 'Berlin',
      city: 'Berlin',
      hair_color: 'red',
      eye_color: 'green',
      body_type: 'slim',
      relationship_status: 'single',
      tattoos: 'yes',
      signup_reason: 'Fun',
      about_me: 'Hello there',
      interests: [interestIds[1], interestIds[2]],
    })
  })

  it('saves everything or nothing (one transaction)', async () => {
    const m = await createMember({ name: 'Before', country: 'NL' })
    await db().insert(profileInterests).values({ profileId: m.profileId, interestId: interestIds[5] })
    const input = schema().parse(form({ name: 'After' }))
    // An interest id that does not exist (bypassing the schema) makes the interests insert fail after the update.
    await expect(updateProfile(m.profileId, { ...input, interests: [interestIds[0], 987_654] })).rejects.toThrow()
    const own = await getOwnProfile(m.profileId)
    expect(own?.name).toBe('Before')
    expect(own?.country).toBe('NL')
    expect(own?.interests).toEqual([interestIds[5]])
  })
})

describe('updateLocation', () => {
  it('stores the place and only the centre of the position’s grid cell (about 11 km across)', async () => {
    const m = await createMember()
    await updateLocation(m.profileId, { country: 'NL', region: 'North Holland', city: 'Amsterdam', lat: 52.3702157, lon: 4.8951679 })
    const [p] = await db().select().from(profiles).where(eq(profiles.id, m.profileId))
    const cell = snapToCell({ lat: 52.3702157, lon: 4.8951679 })
    expect(p).toMatchObject({ country: 'NL', region: 'North Holland', city: 'Amsterdam', latitude: cell.lat, longitude: cell.lon })
    expect(p.latitude).toBe(52.35)
  })
})

describe('loadProfilePage', () => {
  it('shows a distance rounded to 5 km and never the coordinates', async () => {
    const viewer = await createMember({ gender: 'male' })
    const target = await createMember({ name: 'Tess' })
    await updateLocation(viewer.profileId, { country: 'NL', region: null, city: 'Amsterdam', lat: 52.3702157, lon: 4.8951679 })
    await updateLocation(target.profileId, { country: 'NL', region: null, city: 'Utrecht', lat: 52.0907374, lon: 5.1214201 })
    const page = await loadProfilePage(viewer.profileId, target.profileId)
    expect(page.kind).toBe('ok')
    if (page.kind !== 'ok') return
    const km = page.profile.distanceKm!
    expect(km % 5).toBe(0)
    const real = distanceKm({ lat: 52.37, lon: 4.9 }, { lat: 52.09, lon: 5.12 })
    // Rounding (2.5 km) plus the snap of each end to its cell's centre (at most half a cell's diagonal, 8 km).
    expect(Math.abs(km - real)).toBeLessThanOrEqual(2.5 + 2 * 8)
    expect(page.profile).not.toHaveProperty('latitude')
    expect(page.profile).not.toHaveProperty('longitude')
    // Timestamps could contain "5.12" by chance (…:35.123Z); they are not coordinates.
    const json = JSON.stringify({ ...page, profile: { ...page.profile, lastActiveAt: '' } })
    expect(json).not.toMatch(/latitude|longitude/)
    expect(json).not.toContain('52.09')
    expect(json).not.toContain('5.12')
    expect(json).not.toContain('52.37')
  })

  it('never goes below 5 km, and has no distance for visitors, for oneself, or without a position', async () => {
    const viewer = await createMember({ gender: 'male' })
    const near = await createMember()
    const unplaced = await createMember()
    await updateLocation(viewer.profileId, { country: 'NL', region: null, city: 'Amsterdam', lat: 52.37, lon: 4.89 })
    await updateLocation(near.profileId, { country: 'NL', region: null, city: 'Amsterdam', lat: 52.371, lon: 4.891 })
    const p1 = await loadProfilePage(viewer.profileId, near.profileId)
    expect(p1.kind === 'ok' && p1.profile.distanceKm).toBe(5)
    const p2 = await loadProfilePage(null, near.profileId)
    expect(p2.kind === 'ok' && p2.profile.distanceKm).toBeNull()
    const p3 = await loadProfilePage(viewer.profileId, viewer.profileId)
    expect(p3.kind === 'ok' && p3.profile.distanceKm).toBeNull()
    const p4 = await loadProfilePage(viewer.profileId, unplaced.profileId)
    expect(p4.kind === 'ok' && p4.profile.distanceKm).toBeNull()
    for (const p of [p1, p2, p3, p4]) expect(JSON.stringify(p)).not.toMatch(/latitude|longitude/)
  })

  it('lists only ids of the active photos, never the files of photos beyond the main one', async () => {
    const viewer = await createMember({ gender: 'male' })
    const target = await createMember()
    const rows = await db()
      .insert(profileImages)
      .values([
        {
          profileId: target.profileId,
          filename: 'main-full.webp',
          thumbFilename: 'main-t.webp',
          matchFilename: 'main-m.webp',
          blurredFilename: 'main-b.webp',
          status: 'active' as const,
          position: 0,
        },
        {
          profileId: target.profileId,
          filename: 'second-full.webp',
          thumbFilename: 'second-t.webp',
          matchFilename: 'second-m.webp',
          blurredFilename: 'second-b.webp',
          status: 'active' as const,
          position: 1,
        },
        {
          profileId: target.profileId,
          filename: 'pending-full.webp',
          thumbFilename: 'pending-t.webp',
          matchFilename: 'pending-m.webp',
          blurredFilename: 'pending-b.webp',
          status: 'pending' as const,
          position: 2,
        },
      ])
      .returning({ id: profileImages.id })
    await db().update(profiles).set({ mainImageId: rows[0].id }).where(eq(profiles.id, target.profileId))
    for (const viewerId of [viewer.profileId, null]) {
      const page = await loadProfilePage(viewerId, target.profileId)
      if (page.kind !== 'ok') throw new Error(page.kind)
      expect(page.profile.images).toEqual([
        { id: rows[0].id, isMain: true },
        { id: rows[1].id, isMain: false },
      ])
      for (const img of page.profile.images) expect(Object.keys(img).sort()).toEqual(['id', 'isMain'])
      expect(page.profile.mainImage).toMatchObject({ filename: 'main-full.webp', status: 'active' })
      const json = JSON.stringify(page)
      for (const secret of ['second-', 'pending-']) expect(json).not.toContain(secret)
    }
  })
})
