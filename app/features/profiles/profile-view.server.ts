import { db } from '#db/client.server'
import { interests, profileImages, profileInterests, profiles, users } from '#db/schema/index'
import { eq, sql } from 'drizzle-orm'
import { ageOn } from '#app/lib/dates'
import type { ProfileCard, ProfileDetail } from './profile-types'
import { iconOr } from '#app/ui/icon-names'

export type { ProfileCard, ProfileDetail }

export const profileCardColumns = {
  id: profiles.id,
  name: profiles.name,
  birthDate: profiles.birthDate,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  gender: profiles.gender,
  isFictional: profiles.isFictional,
  // Premium shows on the member's card and page to everyone (spec section 6, the Premium role); a fictional profile
  // has no account, so never. A correlated lookup by primary key, so every card query keeps its own joins.
  premium: sql<boolean>`coalesce((select u.paid_user from ${users} u where u.id = ${profiles.userId}), false)`,
  thumb: profileImages.thumbFilename,
  photo: profileImages.matchFilename,
  imageStatus: profileImages.status,
  lastActiveAt: profiles.lastActiveAt,
}

type CardRow = {
  id: number
  name: string
  birthDate: string
  country: string
  region: string | null
  city: string | null
  gender: 'male' | 'female'
  isFictional: boolean
  premium: boolean
  thumb: string | null
  photo: string | null
  imageStatus: string | null
  lastActiveAt: Date
}

export function toProfileCard(row: CardRow, now = new Date()): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    country: row.country,
    region: row.region,
    city: row.city,
    gender: row.gender,
    isFictional: row.isFictional,
    premium: row.premium,
    // Only active images are ever shown to others.
    thumb: row.imageStatus === 'active' ? row.thumb : null,
    photo: row.imageStatus === 'active' ? row.photo : null,
    lastActiveAt: row.lastActiveAt.toISOString(),
  }
}

/** The full profile, reduced to the fields the setting visible_profile_fields allows. */
export async function getProfileDetail(profileId: number, visibleFields: string[]): Promise<ProfileDetail | null> {
  const show = new Set(visibleFields)
  // The interests and the photos' ids ride along as subqueries: one statement for the page (issue 26).
  const interestList = show.has('interests')
    ? sql<{ slug: string; icon: string | null }[]>`coalesce((select json_agg(json_build_object('slug', i.slug, 'icon', i.icon) order by i.slug)
        from ${profileInterests} pi join ${interests} i on i.id = pi.interest_id where pi.profile_id = ${profiles.id}), '[]'::json)`
    : sql<{ slug: string; icon: string | null }[]>`'[]'::json`
  const [row] = await db()
    .select({
      ...profileCardColumns,
      sexuality: profiles.sexuality,
      hairColor: profiles.hairColor,
      eyeColor: profiles.eyeColor,
      bodyType: profiles.bodyType,
      relationshipStatus: profiles.relationshipStatus,
      tattoos: profiles.tattoos,
      aboutMe: profiles.aboutMe,
      mainImageId: profiles.mainImageId,
      mainFilename: profileImages.filename,
      mainMatch: profileImages.matchFilename,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
      interestRows: interestList,
      imageIds: sql<number[]>`coalesce((select json_agg(pim.id order by pim.position, pim.id) from ${profileImages} pim
        where pim.profile_id = ${profiles.id} and pim.status = 'active'), '[]'::json)`,
    })
    .from(profiles)
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(eq(profiles.id, profileId))
  if (!row) return null
  const { interestRows, imageIds } = row
  const fields: Record<string, string | boolean | null> = {}
  const candidates: Record<string, string | boolean | null> = {
    gender: row.gender,
    sexuality: row.sexuality,
    hair_color: row.hairColor,
    eye_color: row.eyeColor,
    body_type: row.bodyType,
    relationship_status: row.relationshipStatus,
    tattoos: row.tattoos,
  }
  for (const [k, v] of Object.entries(candidates)) if (show.has(k) && v !== null) fields[k] = v
  const card = toProfileCard(row)
  return {
    ...card,
    region: show.has('location') ? card.region : null,
    city: show.has('location') ? card.city : null,
    fields,
    aboutMe: show.has('about_me') ? row.aboutMe : null,
    // Stored icon names pass through the sprite's list: one it lacks draws the default instead of nothing.
    interests: interestRows.map((i) => ({ slug: i.slug, icon: iconOr(i.icon, 'heart') })),
    // Only ids: the files of photos beyond the main one are served by /photo/{id}, which checks the viewer.
    images: imageIds.map((id) => ({ id, isMain: id === row.mainImageId })),
    latitude: row.latitude,
    longitude: row.longitude,
    mainImage: row.mainFilename && row.imageStatus ? { filename: row.mainFilename, status: row.imageStatus, match: row.mainMatch ?? row.mainFilename } : null,
  }
}
