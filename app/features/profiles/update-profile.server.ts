import { asc, eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { interests, profileInterests, profiles } from '#db/schema/index'
import { snapToCell } from './coarse-location'
import type { ProfileDetails } from './complete-signup'
import type { ProfileEditInput } from './profile-edit.schema'

export interface OwnProfile {
  name: string
  gender: string
  sexuality: string
  date_of_birth: string
  country: string
  region: string
  city: string
  hair_color: string
  eye_color: string
  body_type: string
  relationship_status: string
  tattoos: string
  signup_reason: string
  about_me: string
  interests: number[]
}

/** The member's own profile as the edit form shows it (every field, whatever others may see). */
export async function getOwnProfile(profileId: number): Promise<OwnProfile | null> {
  const [p] = await db().select().from(profiles).where(eq(profiles.id, profileId))
  if (!p) return null
  const ints = await db()
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(eq(profileInterests.profileId, profileId))
    .orderBy(asc(interests.id))
  return {
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    date_of_birth: p.birthDate,
    country: p.country,
    region: p.region ?? '',
    city: p.city ?? '',
    hair_color: p.hairColor ?? '',
    eye_color: p.eyeColor ?? '',
    body_type: p.bodyType ?? '',
    relationship_status: p.relationshipStatus ?? '',
    tattoos: p.tattoos === null ? '' : p.tattoos ? 'yes' : 'no',
    signup_reason: p.signupReason ?? '',
    about_me: p.aboutMe ?? '',
    interests: ints.map((i) => i.id),
  }
}

/** Saves the profile and its interests in one transaction. */
export async function updateProfile(profileId: number, input: ProfileEditInput): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        name: input.name,
        gender: input.gender,
        sexuality: input.sexuality,
        birthDate: input.date_of_birth,
        country: input.country,
        region: input.region ?? null,
        city: input.city ?? null,
        hairColor: input.hair_color ?? null,
        eyeColor: input.eye_color ?? null,
        bodyType: input.body_type ?? null,
        relationshipStatus: input.relationship_status ?? null,
        tattoos: input.tattoos ?? null,
        signupReason: input.signup_reason ?? null,
        aboutMe: input.about_me ?? null,
      })
      .where(eq(profiles.id, profileId))
    await tx.delete(profileInterests).where(eq(profileInterests.profileId, profileId))
    if (input.interests.length) await tx.insert(profileInterests).values(input.interests.map((interestId) => ({ profileId, interestId })))
  })
}

/**
 * Stores a member's place, with the position snapped to the centre of its grid cell (about 11 km across,
 * coarse-location.ts): what is stored can never pin anyone down more finely than that. Callers pass the centre of
 * the member's town (saveOwnPosition), never the browser's position itself.
 */
export async function updateLocation(
  profileId: number,
  loc: { country: string; region: string | null; city: string; lat: number; lon: number },
): Promise<void> {
  const cell = snapToCell(loc)
  await db()
    .update(profiles)
    .set({ country: loc.country, region: loc.region, city: loc.city, latitude: cell.lat, longitude: cell.lon })
    .where(eq(profiles.id, profileId))
}

/** Saves the part of the profile one complete-signup step asks for; interests only when given. */
export async function updateProfileDetails(profileId: number, d: ProfileDetails): Promise<void> {
  const known = await db().select({ id: interests.id }).from(interests)
  const valid = new Set(known.map((k) => k.id))
  await db().transaction(async (tx) => {
    const set: Partial<typeof profiles.$inferInsert> = {}
    if ('hair_color' in d) set.hairColor = d.hair_color ?? null
    if ('eye_color' in d) set.eyeColor = d.eye_color ?? null
    if ('body_type' in d) set.bodyType = d.body_type ?? null
    if ('relationship_status' in d) set.relationshipStatus = d.relationship_status ?? null
    if ('city' in d) set.city = d.city ?? null
    if ('about_me' in d) set.aboutMe = d.about_me ?? null
    if (Object.keys(set).length) await tx.update(profiles).set(set).where(eq(profiles.id, profileId))
    if (d.interests) {
      await tx.delete(profileInterests).where(eq(profileInterests.profileId, profileId))
      const ids = [...new Set(d.interests)].filter((id) => valid.has(id))
      if (ids.length) await tx.insert(profileInterests).values(ids.map((interestId) => ({ profileId, interestId })))
    }
  })
}
