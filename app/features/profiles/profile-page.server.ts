import { and, eq } from 'drizzle-orm'
import { canViewProfile, viewProfileWithRelation, type PairRelation } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { profiles } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { shownDistanceKm } from './coarse-location'
import { getProfileDetail } from './profile-view.server'
import type { ProfileDetail } from './profile-types'

/** The profile as shown to one viewer: coordinates replaced by a coarse distance (coarse-location.ts). */
export type ShownProfile = Omit<ProfileDetail, 'latitude' | 'longitude'> & { distanceKm: number | null }

export type ProfilePage =
  | { kind: 'ok'; profile: ShownProfile; isOwn: boolean; blocking: boolean; relation: Omit<PairRelation, 'blocking'> | null }
  | { kind: 'blocked'; name: string }
  | { kind: 'not_found' }

async function viewerPosition(viewerId: number): Promise<{ lat: number; lon: number } | null> {
  const [row] = await db()
    .select({ lat: profiles.latitude, lon: profiles.longitude })
    .from(profiles)
    .where(and(eq(profiles.id, viewerId)))
  return row?.lat != null && row.lon != null ? { lat: row.lat, lon: row.lon } : null
}

/**
 * The profile as the viewer may see it, after the visibility policy. What other features add to the screen
 * (the like, the conversation) is composed by the route (app/routes/members-id.tsx).
 */
export async function loadProfilePage(viewerId: number | null, profileId: number): Promise<ProfilePage> {
  // A member's look reads the access decision and the pair's like, conversation and block in one statement.
  const access: Awaited<ReturnType<typeof viewProfileWithRelation>> =
    viewerId === null ? await canViewProfile(null, profileId) : await viewProfileWithRelation(viewerId, profileId)
  if (!access.ok) return access.reason === 'blocked' ? { kind: 'blocked', name: access.targetName ?? '' } : { kind: 'not_found' }
  const settings = await getSettings()
  const detail = await getProfileDetail(profileId, settings.visible_profile_fields)
  if (!detail) return { kind: 'not_found' }
  const { latitude, longitude, ...rest } = detail
  let distance: number | null = null
  if (viewerId !== null && viewerId !== profileId && latitude != null && longitude != null) {
    const mine = await viewerPosition(viewerId)
    if (mine) distance = shownDistanceKm(mine, { lat: latitude, lon: longitude })
  }
  const profile: ShownProfile = { ...rest, distanceKm: distance }
  const relation = access.relation
  if (viewerId === null || !relation) return { kind: 'ok', profile, isOwn: false, blocking: false, relation: null }
  const { blocking, ...shown } = relation
  return { kind: 'ok', profile, isOwn: viewerId === profileId, blocking, relation: shown }
}
