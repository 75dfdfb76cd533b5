import { getSettings } from '#app/features/settings/settings.server'
import { reverseGeocode, type GeocodeResult } from './geocode.server'
import { updateLocation } from './update-profile.server'
import { withWrite } from '#app/features/settings/write-limits.server'

/**
 * The member's own browser position becomes their place: the nearest served town, stored as the centre of that
 * town's grid cell. The position itself is neither stored nor logged. Null (and nothing stored) when no served
 * town is within 50 km. The caller has taken a profile edit from the member's write allowance.
 */
export async function saveOwnPosition(profileId: number, position: { lat: number; lon: number }): Promise<GeocodeResult | null> {
  const place = reverseGeocode(position.lat, position.lon, (await getSettings()).countries)
  if (!place) return null
  const { centre, ...shown } = place
  await updateLocation(profileId, { ...shown, ...centre })
  return shown
}

/** The place for a position, to show only: nothing is stored (GET /api/geocode.php). */
export async function lookUpPlace(position: { lat: number; lon: number }): Promise<GeocodeResult | null> {
  const place = reverseGeocode(position.lat, position.lon, (await getSettings()).countries)
  if (!place) return null
  const { centre: _centre, ...shown } = place
  return shown
}

/** The member's own position as their page sends it: takes a profile_edit write token first (too_often when spent). */
export function submitOwnPosition(profileId: number, position: { lat: number; lon: number }) {
  return withWrite('profile_edit', profileId, () => saveOwnPosition(profileId, position))
}
