/** Tracking data from the query (spec section 3): network, ref, sub1..sub3, with their aliases. */
export const TRACKING_COOKIE = 'tracking'
export const TRACKING_MAX_AGE_S = 30 * 24 * 3600

const aliases: Record<string, 'network' | 'ref' | 'sub1' | 'sub2' | 'sub3'> = {
  network: 'network',
  ref: 'ref',
  sub1: 'sub1',
  sub2: 'sub2',
  sub3: 'sub3',
  sub: 'sub1',
  aff_sub: 'sub1',
  aff_sub1: 'sub1',
  aff_sub2: 'sub2',
  aff_sub3: 'sub3',
}

export type Tracking = Partial<Record<'network' | 'ref' | 'sub1' | 'sub2' | 'sub3', string>>

/** The tracking fields of a query string, or null when it carries none. Values are capped and cleaned. */
export function trackingFromQuery(params: URLSearchParams): Tracking | null {
  const out: Tracking = {}
  for (const [key, field] of Object.entries(aliases)) {
    const v = params.get(key)
    if (v && !out[field]) out[field] = v.replace(/[^\w.:@/+-]/g, '').slice(0, 100)
  }
  return Object.values(out).some(Boolean) ? out : null
}

export function parseTrackingCookie(value: string | undefined): Tracking | null {
  if (!value) return null
  try {
    const v = JSON.parse(value) as unknown
    if (!v || typeof v !== 'object') return null
    return trackingFromQuery(new URLSearchParams(Object.entries(v as Record<string, string>).filter(([, x]) => typeof x === 'string')))
  } catch {
    return null
  }
}

/** A tracking source is present when the network or ref is known. */
export function hasTrafficSource(t: Tracking | null): boolean {
  return !!(t?.network || t?.ref)
}
