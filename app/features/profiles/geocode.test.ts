import { describe, expect, it } from 'vitest'
import { distanceKm, reverseGeocode, roundedDistanceKm } from './geocode.server'

describe('reverseGeocode', () => {
  it('finds the nearest city offline', () => {
    expect(reverseGeocode(52.372, 4.893, ['NL', 'DE'])).toMatchObject({ country: 'NL', city: 'Amsterdam' })
  })
  it('returns null far from any served city', () => {
    expect(reverseGeocode(0, -30, ['NL'])).toBeNull()
  })
  it('fills the region where the codes agree', () => {
    expect(reverseGeocode(40.7128, -74.006, ['US'])?.region).toBe('New York')
  })
})

describe('distances', () => {
  it('computes and rounds', () => {
    const km = distanceKm({ lat: 52.37, lon: 4.89 }, { lat: 51.92, lon: 4.48 })
    expect(km).toBeGreaterThan(55)
    expect(km).toBeLessThan(60)
    expect(roundedDistanceKm(km)).toBe(55)
    expect(roundedDistanceKm(0.3)).toBe(5)
  })
})
