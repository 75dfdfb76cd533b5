import { getSettings } from '#app/features/settings/settings.server'

/** GET /api/settings.php: the public product settings. */
export async function loader() {
  return Response.json(await getSettings(), { headers: { 'Cache-Control': 'public, max-age=60' } })
}
