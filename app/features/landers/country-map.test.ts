import { describe, expect, it } from 'vitest'
import { dotMap, mainBounds, normalizePlace, placeOnMap, projector } from './country-map'

// A square "country" of towns on a grid, plus one far-away island.
const grid = Array.from({ length: 400 }, (_, i) => ({ lat: 50 + (i % 20) * 0.1, lon: 4 + Math.floor(i / 20) * 0.1 }))

describe('country dot map', () => {
  it('drops far-away outliers from the bounds but keeps the edges', () => {
    const b = mainBounds([...grid, { lat: 28, lon: -15 }])
    // Every town of the mainland is inside, with a margin of a fifth of the span at most…
    expect(b.minLat).toBeLessThanOrEqual(50)
    expect(b.minLat).toBeGreaterThan(49.5)
    expect(b.maxLat).toBeCloseTo(51.9, 5)
    expect(b.minLon).toBeLessThanOrEqual(4)
    expect(b.maxLon).toBeCloseTo(5.9, 5)
    // …and the island is not.
    expect(b.minLon).toBeGreaterThan(3)
  })

  it('projects north up and west left, longitudes shrunk by the latitude', () => {
    const b = { minLat: 50, maxLat: 52, minLon: 4, maxLon: 6 }
    const { project, height } = projector(b, 100)
    expect(project({ lat: 52, lon: 4 })).toEqual([0, 0])
    const [x, y] = project({ lat: 50, lon: 6 })
    expect(x).toBeCloseTo(100, 5)
    expect(y).toBeCloseTo(height, 0)
    // At 51° a degree of longitude is about 0.63 of a degree of latitude.
    expect(height / 100).toBeCloseTo(1 / Math.cos((51 * Math.PI) / 180), 2)
  })

  it('turns occupied cells into dots, one per cell', () => {
    const map = dotMap(grid, 10, 100)!
    expect(map.dots.length).toBeGreaterThan(0)
    expect(map.dots.length).toBeLessThanOrEqual(10 * Math.ceil(map.height / (map.width / 10)))
    expect(new Set(map.dots.map((d) => d.join(','))).size).toBe(map.dots.length)
    for (const [x, y] of map.dots) {
      expect(x).toBeGreaterThan(0)
      expect(x).toBeLessThan(map.width)
      expect(y).toBeLessThanOrEqual(map.height + map.width / 10)
    }
  })

  it('fits tall countries into the height limit', () => {
    const tall = Array.from({ length: 200 }, (_, i) => ({ lat: 58 + (i % 100) * 0.12, lon: 8 + Math.floor(i / 100) * 0.5 }))
    const map = dotMap(tall, 20, 100, 1.6)!
    // Rounding to whole units may add a unit or two.
    expect(map.height).toBeLessThanOrEqual(163)
    expect(map.width).toBeLessThan(100)
  })

  it('has no map for too few towns', () => {
    expect(dotMap([{ lat: 1, lon: 1 }], 10)).toBeNull()
  })

  it('places towns inside the bounds and nothing outside', () => {
    const map = dotMap(grid, 10, 100)!
    expect(placeOnMap(map, { lat: 51, lon: 5 })).not.toBeNull()
    expect(placeOnMap(map, { lat: 10, lon: 5 })).toBeNull()
  })

  it('compares place names without case or accents', () => {
    expect(normalizePlace('Genève')).toBe('geneve')
    expect(normalizePlace("'s-Gravenhage")).toBe('s gravenhage')
    expect(normalizePlace('MÜNCHEN')).toBe('munchen')
  })
})
