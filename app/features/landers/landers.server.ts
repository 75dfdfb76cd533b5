import { and, eq, inArray, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { profileImages, profiles } from '#db/schema/index'
import { listableTo } from '#app/policies/visibility.server'
import { loadProfilePage, type ShownProfile } from '#app/features/profiles/profile-page.server'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import { parseSearchQuery } from '#app/features/search/search.schema'
import { searchMembers } from '#app/features/search/search-members.server'
import { getSettings } from '#app/features/settings/settings.server'
import { serverIntl } from '#app/i18n/translate.server'
import type { Locale } from '#app/i18n/locales'
import { cityPosition, countryDotMap } from './country-map.server'
import { placeOnMap } from './country-map'
import type { Audience } from './lander-slug'

/**
 * Data of the marketing landers and member landings (spec section 2). Everything shown comes from the same read
 * paths as the visitor's search and profile page (app/policies/visibility.server.ts): only profiles listed to a
 * logged-out visitor, fictional ones with their flag so the page can disclose them. Numbers are counted, never made up.
 */

/** A listed profile as landers show it: the search card plus its full-size main photo for large frames. */
export type LanderProfile = ProfileCard & { photo: string | null }

/** Listed profiles of one gender a visitor may see, most recently active first; those with a photo first. */
export async function landerProfiles(audience: Audience | 'any', count: number, country = ''): Promise<LanderProfile[]> {
  const result = await searchMembers(null, parseSearchQuery(new URLSearchParams(), { gender: audience, country }), count * 2)
  const withPhoto = result.profiles.filter((p) => p.thumb)
  const cards = [...withPhoto, ...result.profiles.filter((p) => !p.thumb)].slice(0, count)
  const ids = cards.filter((c) => c.thumb).map((c) => c.id)
  // The same active main image the card's thumbnail comes from, at full size (the member's profile page shows it too).
  const rows = ids.length
    ? await db()
        .select({ id: profiles.id, filename: profileImages.filename })
        .from(profiles)
        .innerJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
        .where(and(inArray(profiles.id, ids), eq(profileImages.status, 'active')))
    : []
  const photos = new Map(rows.map((r) => [r.id, r.filename]))
  return cards.map((c) => ({ ...c, photo: photos.get(c.id) ?? null }))
}

// The landers' headline counts further than a member's search (DEFAULT_COUNT_CAP): it is read once per cached page.
const LISTED_COUNT_CAP = 10_000

/** How many profiles a visitor can find (counting stops at LISTED_COUNT_CAP: then the page says "more than"). */
export async function listedProfileCount(): Promise<{ total: number; capped: boolean }> {
  const r = await searchMembers(null, parseSearchQuery(new URLSearchParams(), { gender: 'any' }), 1, LISTED_COUNT_CAP)
  return { total: r.total, capped: r.capped }
}

export type FeedProfile = LanderProfile & { aboutMe: string | null }

/** Profiles for the feed-like lander, each with its own "about me" when the settings show that field. */
export async function feedProfiles(audience: Audience, count: number): Promise<FeedProfile[]> {
  const [cards, settings] = await Promise.all([landerProfiles(audience, count), getSettings()])
  if (!cards.length || !settings.visible_profile_fields.includes('about_me')) return cards.map((c) => ({ ...c, aboutMe: null }))
  const rows = await db()
    .select({ id: profiles.id, aboutMe: profiles.aboutMe })
    .from(profiles)
    .where(
      inArray(
        profiles.id,
        cards.map((c) => c.id),
      ),
    )
  const about = new Map(rows.map((r) => [r.id, r.aboutMe?.trim() || null]))
  return cards.map((c) => ({ ...c, aboutMe: about.get(c.id) ?? null }))
}

export interface MapPlace {
  city: string
  count: number
  x: number
  y: number
}

export interface MapLander {
  country: string
  map: { width: number; height: number; dots: [number, number][] } | null
  places: MapPlace[]
  /** Listed profiles whose town is not on the map (unknown name, no town). */
  elsewhere: number
  total: number
  profiles: LanderProfile[]
}

/** The map lander's data: a dot map of the country and, per town, the number of listed profiles there. */
export async function mapLander(country: string, audience: Audience): Promise<MapLander> {
  const rows = await db()
    .select({ city: profiles.city, n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(listableTo(null), eq(profiles.country, country), eq(profiles.gender, audience)))
    .groupBy(profiles.city)
  const dots = countryDotMap(country)
  const places: MapPlace[] = []
  let elsewhere = 0
  let total = 0
  for (const r of rows) {
    const n = Number(r.n)
    total += n
    const at = dots && r.city ? cityPosition(country, r.city) : null
    const xy = dots && at ? placeOnMap(dots, at) : null
    if (xy && r.city) places.push({ city: r.city, count: n, x: xy[0], y: xy[1] })
    else elsewhere += n
  }
  places.sort((a, b) => b.count - a.count || a.city.localeCompare(b.city))
  return {
    country,
    map: dots ? { width: dots.width, height: dots.height, dots: dots.dots } : null,
    places,
    elsewhere,
    total,
    profiles: await landerProfiles(audience, 4, country),
  }
}

export interface MemberLanding {
  profile: Omit<ShownProfile, 'distanceKm'>
  /** The member's active photos (only the main one is shown to visitors; the rest after signing up). */
  photoCount: number
  /** Other listed profiles from the same country, for the landings that show more. */
  more: ProfileCard[]
}

/**
 * A member landing's member as a logged-out visitor may see them: the profile page's own rules, and also listed
 * to visitors (not invisible, not in privacy mode), since a landing advertises the profile. Else null (a 404).
 */
export async function loadMemberLanding(profileId: number, moreCount = 0): Promise<MemberLanding | null> {
  const [listed] = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), listableTo(null)))
  if (!listed) return null
  const page = await loadProfilePage(null, profileId)
  if (page.kind !== 'ok') return null
  const { distanceKm: _distance, ...profile } = page.profile
  const more = moreCount ? (await landerProfiles(profile.gender, moreCount + 1, profile.country)).filter((p) => p.id !== profileId).slice(0, moreCount) : []
  return { profile, photoCount: profile.images.length, more }
}

/** A lander's translated meta description (the head tags take ready text: app/ui/seo-tags.tsx). */
export function landerDescription(locale: Locale, id: string, values?: Record<string, string | number>): string {
  return serverIntl(locale).formatMessage({ id }, values)
}
