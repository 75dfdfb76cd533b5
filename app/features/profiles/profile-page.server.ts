import { canViewProfile } from '#app/policies/visibility.server'
import { getSettings } from '../settings/settings.server'
import { hasLiked, markLikeSeen } from '../likes/likes.server'
import { findConversationId } from '../chat/conversations.server'
import { getProfileDetail } from './profile-view.server'
import type { ProfileDetail } from './profile-types'

export type ProfilePage =
  | { kind: 'ok'; profile: ProfileDetail; liked: boolean; isOwn: boolean; conversationId: number | null }
  | { kind: 'blocked'; name: string }
  | { kind: 'not_found' }

/** Everything the profile screen shows, after the visibility policy; opening it clears that member's new like. */
export async function loadProfilePage(viewerId: number | null, profileId: number): Promise<ProfilePage> {
  const access = await canViewProfile(viewerId, profileId)
  if (!access.ok) return access.reason === 'blocked' ? { kind: 'blocked', name: access.targetName ?? '' } : { kind: 'not_found' }
  const settings = await getSettings()
  const profile = await getProfileDetail(profileId, settings.visible_profile_fields)
  if (!profile) return { kind: 'not_found' }
  if (viewerId === null) return { kind: 'ok', profile, liked: false, isOwn: false, conversationId: null }
  const [liked, conversationId] = await Promise.all([hasLiked(viewerId, profileId), findConversationId(viewerId, profileId), markLikeSeen(viewerId, profileId)])
  return { kind: 'ok', profile, liked, isOwn: viewerId === profileId, conversationId }
}
