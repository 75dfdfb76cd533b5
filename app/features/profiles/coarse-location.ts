import { distanceKm, type GeoPoint } from './city-index'

/**
 * What a distance between two members may reveal (issue 24, point 4; decision record 027). A distance computed
 * from stored coordinates and rounded to 5 km still pins a member to about a kilometre: the viewer moves their own
 * position in small steps, notes where the shown figure changes and intersects the circles. So both ends are
 * snapped to the centre of a grid cell about 11 km across before any distance is computed: every position in a
 * cell gives the same figures, whatever the viewer does, and no sequence of readings narrows a member down to
 * less than their cell. What is stored is already the centre of the cell of the member's town (saveOwnPosition,
 * updateLocation); the snap here also covers whatever was stored otherwise.
 */

/** Cell height in degrees of latitude (about 11.1 km); the width in longitude grows towards the poles to match. */
export const CELL_LAT_DEG = 0.1

/** The centre of the grid cell holding a position. Idempotent: a centre snaps to itself. */
export function snapToCell(p: GeoPoint): GeoPoint {
  const row = Math.floor(p.lat / CELL_LAT_DEG)
  const lat = Math.max(-89.95, Math.min(89.95, (row + 0.5) * CELL_LAT_DEG))
  const lonStep = Math.min(360, CELL_LAT_DEG / Math.cos((lat * Math.PI) / 180))
  const col = Math.floor((p.lon + 180) / lonStep)
  const west = -180 + col * lonStep
  // The last cell before the antimeridian is narrower: its centre is the middle of what is left of it.
  const lon = Math.min(west + lonStep, 180) / 2 + west / 2
  return { lat: round6(lat), lon: round6(lon) }
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/** What other members see of a distance: rounded to 5 km, never below 5. */
export function roundedDistanceKm(km: number): number {
  return Math.max(5, Math.round(km / 5) * 5)
}

/** The distance one member is shown to another: between the centres of their cells, rounded to 5 km. */
export function shownDistanceKm(viewer: GeoPoint, target: GeoPoint): number {
  return roundedDistanceKm(distanceKm(snapToCell(viewer), snapToCell(target)))
}
