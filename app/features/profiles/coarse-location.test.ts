import { describe, expect, it } from 'vitest'
import { distanceKm } from './city-index'
import { shownDistanceKm, snapToCell } from './coarse-location'

describe('snapToCell', () => {
  it('gives cells about 11 km across at every latitude, and a centre snaps to itself', () => {
    for (let lat = -80; lat <= 80; lat += 7.3) {
      for (let lon = -179.9; lon < 180; lon += 23.7) {
        const c = snapToCell({ lat, lon })
        expect(snapToCell(c)).toEqual(c)
        // Within half a cell's diagonal of the position.
        expect(distanceKm(c, { lat, lon })).toBeLessThan(8)
        // The next cell east and north are about 11 km away.
        const east = snapToCell({ lat: c.lat, lon: c.lon + 0.1 / Math.cos((c.lat * Math.PI) / 180) })
        expect(distanceKm(c, east)).toBeGreaterThan(10.5)
        expect(distanceKm(c, east)).toBeLessThan(11.7)
        expect(distanceKm(c, snapToCell({ lat: c.lat + 0.1, lon: c.lon }))).toBeGreaterThan(9)
      }
    }
  })

  it('shows the same distance for every position in a cell', () => {
    const viewer = { lat: 52.37, lon: 4.89 }
    const corner = snapToCell({ lat: 52.101, lon: 5.7 })
    const inCell = [corner, { lat: corner.lat - 0.049, lon: corner.lon }, { lat: corner.lat + 0.049, lon: corner.lon + 0.07 }]
    const shown = inCell.map((p) => shownDistanceKm(viewer, p))
    expect(new Set(shown).size).toBe(1)
  })
})
