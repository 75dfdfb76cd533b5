import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db, migrationsFolder } from '#db/client.server'
import { profiles } from '#db/schema/index'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { distanceKm, type GeoPoint } from './city-index'
import { roundedDistanceKm, snapToCell } from './coarse-location'
import { saveOwnPosition } from './own-position.server'
import { loadProfilePage } from './profile-page.server'

useTestDatabase()

// Issue 24, point 4: a member moves their own position in small steps, reads the distance shown on other profiles
// and intersects the circles where the figure changes. These tests run that attack through the product's own
// functions (saveOwnPosition, loadProfilePage), without the write limit: the coarse positions alone must defeat it.

/** 99 positions on three lines through `start` (bearings 0°, 60°, 120°), about a kilometre apart. */
function attackerPath(start: GeoPoint): GeoPoint[] {
  const path: GeoPoint[] = []
  for (const deg of [0, 60, 120]) {
    const b = (deg * Math.PI) / 180
    for (let i = -16; i <= 16; i++) {
      path.push({ lat: start.lat + i * 0.01 * Math.cos(b), lon: start.lon + (i * 0.01 * Math.sin(b)) / Math.cos((start.lat * Math.PI) / 180) })
    }
  }
  return path
}

/**
 * The attacker's estimate from their readings: of the points of a fine grid (0.005°, about 500 m) around the start,
 * those that explain the most readings as a 5 km rounding of the true distance; their centroid.
 */
function trilaterate(readings: { at: GeoPoint; km: number }[], start: GeoPoint): GeoPoint {
  let best = Infinity
  let sum = { lat: 0, lon: 0, n: 0 }
  for (let dLat = -0.4; dLat <= 0.4; dLat += 0.005) {
    for (let dLon = -0.65; dLon <= 0.65; dLon += 0.008) {
      const c = { lat: start.lat + dLat, lon: start.lon + dLon }
      let misses = 0
      for (const r of readings) if (roundedDistanceKm(distanceKm(r.at, c)) !== r.km) misses++
      if (misses < best) [best, sum] = [misses, { lat: 0, lon: 0, n: 0 }]
      if (misses === best) sum = { lat: sum.lat + c.lat, lon: sum.lon + c.lon, n: sum.n + 1 }
    }
  }
  return { lat: sum.lat / sum.n, lon: sum.lon / sum.n }
}

/** The attack: the attacker walks the path (one saved position and one profile view per target each step). */
async function runAttack(attackerId: number, targetIds: number[], start: GeoPoint) {
  const readings = new Map<number, { at: GeoPoint; km: number }[]>(targetIds.map((id) => [id, []]))
  for (const at of attackerPath(start)) {
    expect(await saveOwnPosition(attackerId, at)).not.toBeNull()
    for (const id of targetIds) {
      const page = await loadProfilePage(attackerId, id)
      if (page.kind !== 'ok' || page.profile.distanceKm === null) throw new Error('no distance shown')
      readings.get(id)!.push({ at, km: page.profile.distanceKm })
    }
  }
  return targetIds.map((id) => ({ readings: readings.get(id)!.map((r) => r.km), estimate: trilaterate(readings.get(id)!, start) }))
}

/** Points `km` from `c` towards north, east, south and west. */
function ring(c: GeoPoint, km: number): GeoPoint[] {
  return [0, 90, 180, 270].map((deg) => {
    const b = (deg * Math.PI) / 180
    return { lat: c.lat + (km / 111.2) * Math.cos(b), lon: c.lon + (km / (111.2 * Math.cos((c.lat * Math.PI) / 180))) * Math.sin(b) }
  })
}

describe('trilateration of a member from the distances shown (issue 24, point 4)', () => {
  it('does not converge: members 6 km apart in one town give the attacker the same readings, so the estimate misses by kilometres', async () => {
    const attacker = await createMember({ gender: 'male' })
    // Five members in the Hoge Veluwe around Otterlo (NL): its centre and 3 km north, east, south and west of it.
    const spots = [{ lat: 52.1, lon: 5.83 }, ...ring({ lat: 52.1, lon: 5.83 }, 3)]
    const targets: number[] = []
    for (const spot of spots) {
      const t = await createMember()
      expect((await saveOwnPosition(t.profileId, spot))?.city).toBe('Otterlo')
      targets.push(t.profileId)
    }
    const start = { lat: 52.16, lon: 5.9 }
    const results = await runAttack(attacker.profileId, targets, start)

    // Nothing any attacker could compute tells them apart: every reading of every target is the same.
    for (const r of results) expect(r.readings).toEqual(results[0].readings)
    // So the estimates are one point, and it misses the members on opposite sides (6 km apart) by 3 km or more.
    const errors = results.map((r, i) => distanceKm(r.estimate, spots[i]))
    expect(Math.max(...errors)).toBeGreaterThan(3)
    // What the attacker learns is no finer than a cell: the member in the park is placed kilometres off.
    expect(errors[0]).toBeGreaterThan(3)
  }, 120_000)

  it('also for positions stored before the fix with 0.01° precision: they are snapped when a distance is shown', async () => {
    const attacker = await createMember({ gender: 'male' })
    // Two members stored the old way, 6.7 km apart within one grid cell.
    const spots = [
      { lat: 52.12, lon: 5.75 },
      { lat: 52.18, lon: 5.75 },
    ]
    expect(snapToCell(spots[0])).toEqual(snapToCell(spots[1]))
    const targets: number[] = []
    for (const spot of spots) {
      const t = await createMember()
      await db().update(profiles).set({ city: 'Otterlo', latitude: spot.lat, longitude: spot.lon }).where(eq(profiles.id, t.profileId))
      targets.push(t.profileId)
    }
    const results = await runAttack(attacker.profileId, targets, { lat: 52.16, lon: 5.9 })
    expect(results[1].readings).toEqual(results[0].readings)
    expect(Math.max(...results.map((r, i) => distanceKm(r.estimate, spots[i])))).toBeGreaterThan(3)
  }, 120_000)
})

describe('saveOwnPosition', () => {
  it('stores the centre of the town’s grid cell, never the position, and nothing when no served town is near', async () => {
    const m = await createMember()
    const place = await saveOwnPosition(m.profileId, { lat: 52.1234, lon: 5.8321 })
    expect(place).toEqual({ country: 'NL', region: null, city: 'Otterlo' })
    const [row] = await db().select({ lat: profiles.latitude, lon: profiles.longitude, city: profiles.city }).from(profiles).where(eq(profiles.id, m.profileId))
    expect(row.city).toBe('Otterlo')
    expect({ lat: row.lat, lon: row.lon }).toEqual(snapToCell({ lat: row.lat!, lon: row.lon! }))
    expect(row.lat).not.toBe(52.12)
    expect(await saveOwnPosition(m.profileId, { lat: 0, lon: -30 })).toBeNull()
    const [after] = await db().select({ city: profiles.city }).from(profiles).where(eq(profiles.id, m.profileId))
    expect(after.city).toBe('Otterlo')
  })
})

describe('the migration that snaps stored positions', () => {
  it('moves every stored position to its cell’s centre, as snapToCell does, and leaves a centre where it is', async () => {
    const file = fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_snap-positions-to-grid.sql'))!
    const spots = [
      { lat: 52.37, lon: 4.89 },
      { lat: 52.12, lon: 5.75 },
      { lat: -33.87, lon: 151.21 },
      { lat: 69.65, lon: 18.96 },
      { lat: 40.71, lon: -74.01 },
      { lat: 0.05, lon: -0.05 },
      { lat: 64.5, lon: 179.99 },
    ]
    const ids: number[] = []
    for (const spot of spots) {
      const m = await createMember()
      await db().update(profiles).set({ latitude: spot.lat, longitude: spot.lon }).where(eq(profiles.id, m.profileId))
      ids.push(m.profileId)
    }
    const unplaced = await createMember()
    const run = () => db().execute(sql.raw(fs.readFileSync(path.join(migrationsFolder, file), 'utf8')))
    const stored = async () =>
      Promise.all(ids.map(async (id) => (await db().select({ lat: profiles.latitude, lon: profiles.longitude }).from(profiles).where(eq(profiles.id, id)))[0]))
    await run()
    const once = await stored()
    once.forEach((p, i) => {
      const want = snapToCell(spots[i])
      expect(p.lat).toBeCloseTo(want.lat, 5)
      expect(p.lon).toBeCloseTo(want.lon, 5)
    })
    await run()
    expect(await stored()).toEqual(once)
    const [none] = await db().select({ lat: profiles.latitude }).from(profiles).where(eq(profiles.id, unplaced.profileId))
    expect(none.lat).toBeNull()
  })
})
