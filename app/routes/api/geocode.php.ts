import { z } from 'zod'
import { requireApiViewer } from '#app/features/authentication/require-viewer.server'
import { reverseGeocode } from '#app/features/profiles/geocode.server'
import { updateLocation } from '#app/features/profiles/update-profile.server'
import { getSettings } from '#app/features/settings/settings.server'
import type { Route } from './+types/geocode.php'

const query = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) })

/**
 * GET /api/geocode.php?lat&lon: the place (country, region, city) for the browser's position, from offline data.
 * The position itself is stored rounded (about 1 km) and never shown; false when nothing served is near.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const url = new URL(request.url)
  const parsed = query.safeParse({ lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon') })
  if (!parsed.success) return Response.json({ error: 'invalid_position', result: false }, { status: 400 })
  const s = await getSettings()
  const place = reverseGeocode(parsed.data.lat, parsed.data.lon, s.countries)
  if (!place) return Response.json({ result: false })
  if (url.searchParams.get('save') !== '0') await updateLocation(viewer.profileId, { ...place, lat: parsed.data.lat, lon: parsed.data.lon })
  return Response.json({ result: place }, { headers: { 'Cache-Control': 'no-store' } })
}
