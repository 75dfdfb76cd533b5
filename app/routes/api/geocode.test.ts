import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { rateLimitStoreReady } from '#app/adapters/rate-limit/rate-limit.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import { takeWrite } from '#app/features/settings/write-limits.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { db } from '#db/client.server'
import { profiles } from '#db/schema/index'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import * as geocode from './geocode.php'

useTestDatabase()

beforeAll(async () => {
  await takeWrite('profile_edit', 'warm-up')
  await rateLimitStoreReady()
})

async function member() {
  const m = await createMember()
  await db().update(profiles).set({ city: 'Nowhere', latitude: null, longitude: null }).where(eq(profiles.id, m.profileId))
  return { ...m, context: { viewer: await getViewer(m.userId), sessionToken: null, clientIp: '10.1.1.1' } }
}

const place = async (profileId: number) =>
  (await db().select({ city: profiles.city, lat: profiles.latitude, lon: profiles.longitude }).from(profiles).where(eq(profiles.id, profileId)))[0]

const post = (body: unknown) =>
  new Request('http://localhost/api/geocode.php', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

describe('/api/geocode.php (issue 24, point 4)', () => {
  it('answers a GET with the place and stores nothing, whatever the link asks for', async () => {
    const m = await member()
    // What a link or an image on another site makes the member's browser ask for, with or without save=1.
    for (const query of ['lat=52.372&lon=4.893', 'lat=52.372&lon=4.893&save=1', 'lat=52.372&lon=4.893&save=true']) {
      const res = (await geocode.loader({
        request: new Request(`http://localhost/api/geocode.php?${query}`),
        context: m.context,
        params: {},
      } as never)) as Response
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ result: { country: 'NL', region: null, city: 'Amsterdam' } })
    }
    expect(await place(m.profileId)).toEqual({ city: 'Nowhere', lat: null, lon: null })
  })

  it('stores the place on a POST, coarsely, and counts it as a profile edit', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, profile_edits_per_hour: 3 })
    const m = await member()
    for (let i = 0; i < 3; i++) {
      const res = (await geocode.action({ request: post({ lat: 52.372 + i / 1000, lon: 4.893 }), context: m.context, params: {} } as never)) as Response
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ result: { country: 'NL', region: null, city: 'Amsterdam' } })
    }
    const stored = await place(m.profileId)
    expect(stored.city).toBe('Amsterdam')
    expect(stored.lat).toBe(52.35)
    // The fourth within the hour is refused and changes nothing.
    const refused = (await geocode.action({ request: post({ lat: 52.09, lon: 5.12 }), context: m.context, params: {} } as never)) as Response
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({ error: 'too_many_requests', result: false })
    expect(await place(m.profileId)).toEqual(stored)
  })

  it('refuses a position out of range', async () => {
    const m = await member()
    const res = (await geocode.action({ request: post({ lat: 95, lon: 4 }), context: m.context, params: {} } as never)) as Response
    expect(res.status).toBe(400)
    expect((await place(m.profileId)).city).toBe('Nowhere')
  })
})
