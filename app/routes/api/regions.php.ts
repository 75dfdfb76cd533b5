import { regionsByCountry } from '#app/features/content/regions.server'
import { getSettings } from '#app/features/settings/settings.server'

/** GET /api/regions.php: regions of the countries the site serves. */
export async function loader() {
  const s = await getSettings()
  return Response.json({ regions: regionsByCountry(s.countries) }, { headers: { 'Cache-Control': 'public, max-age=3600' } })
}
