import { and, eq } from 'drizzle-orm'
import { canViewProfile, isBlocking } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { profiles } from '#db/schema/index'
import { findConversationId } from '../chat/conversations.server'
import { hasLiked, markLikeSeen } from '../likes/likes.server'
import { getSettings } from '../settings/settings.server'
import { distanceKm, roundedDistanceKm } from './geocode.server'
import { getProfileDetail } from './profile-view.server'
import type { ProfileDetail } from './profile-types'

/** The profile as shown to one viewer: coordinates replaced by a rounded distance. */
export type ShownProfile = Omit<ProfileDetail, 'latitude' | 'longitude'> & { distanceKm: number | null }

export type ProfilePage =
  | { kind: 'ok'; profile: ShownProfile; liked: boolean; isOwn: boolean; conversationId: number | null; blocking: boolean }
  | { kind: 'blocked'; name: string }
  | { kind: 'not_found' }

async function viewerPosition(viewerId: number): Promise<{ lat: number; lon: number } | null> {
  const [row] = await db().select({ lat: profiles.latitude, lon: profiles.longitude }).from(profiles).where(and(eq(profiles.id, viewerId)))
  return row?.lat != null && row.lon != null ? { lat: row.lat, lon: row.lon } : null
}

/** Everything the profile screen shows, after the visibility policy; opening it clears that member's new like. */
export async function loadProfilePage(viewerId: number | null, profileId: number): Promise<ProfilePage> {
  const access = await canViewProfile(viewerId, profileId)
  if (!access.ok) return access.reason === 'blocked' ? { kind: 'blocked', name: access.targetName ?? '' } : { kind: 'not_found' }
  const settings = await getSettings()
  const detail = await getProfileDetail(profileId, settings.visible_profile_fields)
  if (!detail) return { kind: 'not_found' }
  const { latitude, longitude, ...rest } = detail
  let distance: number | null = null
  if (viewerId !== null && viewerId !== profileId && latitude != null && longitude != null) {
    const mine = await viewerPosition(viewerId)
    if (mine) distance = roundedDistanceKm(distanceKm(mine, { lat: latitude, lon: longitude }))
  }
  const profile: ShownProfile = { ...rest, distanceKm: distance }
  if (viewerId === null) return { kind: 'ok', profile, liked: false, isOwn: false, conversationId: null, blocking: false }
  const [liked, conversationId, blocking] = await Promise.all([
    hasLiked(viewerId, profileId),
    findConversationId(viewerId, profileId),
    isBlocking(viewerId, profileId),
    markLikeSeen(viewerId, profileId),
  ])
  return { kind: 'ok', profile, liked, isOwn: viewerId === profileId, conversationId, blocking }
}
