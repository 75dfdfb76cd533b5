/**
 * What the optional `{slug}` of a marketing lander (/landers/{name}/{slug?}) does. Pure, shared by the loaders and
 * their tests.
 *
 * - `women` / `men` (also `female` / `male`) choose whose profiles the lander shows (default: women, as the swipe
 *   lander does).
 * - On the map lander a two-letter code of a served country (`/landers/maplanding/de`) chooses the country drawn.
 * - Any other slug changes nothing on the page: it stays in the address so a campaign can tell its links apart in
 *   the access logs. Tracking proper (network, ref, sub1..3) travels in the query and is kept by every signup link.
 */
export type Audience = 'female' | 'male'

const audienceBySlug: Record<string, Audience> = { women: 'female', female: 'female', men: 'male', male: 'male' }

/** Whose profiles a lander shows for this slug. */
export function audienceFromSlug(slug: string | undefined): Audience {
  return audienceBySlug[(slug ?? '').toLowerCase()] ?? 'female'
}

/** The country a slug names, when it is a served country (case-insensitive two-letter code), else null. */
export function countryFromSlug(slug: string | undefined, served: readonly string[]): string | null {
  const code = (slug ?? '').toUpperCase()
  return /^[A-Z]{2}$/.test(code) && served.includes(code) ? code : null
}

/** The other audience's slug: the lander's switch between showing women and men keeps the visit's query. */
export function otherAudienceSlug(audience: Audience): 'women' | 'men' {
  return audience === 'female' ? 'men' : 'women'
}
