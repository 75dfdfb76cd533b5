import type { Route } from './+types/settings.php'
import { publicSettingsJson, PUBLIC_SETTINGS_CACHE_CONTROL } from '#app/features/public-settings/public-settings.server'

/**
 * GET /api/settings.php (spec section 7). The Express layer answers GET itself with the same function, ahead of
 * React Router's route matching (server/http-app.server.ts, issue 14); this route serves the rest.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const json = await publicSettingsJson({
    query: new URL(request.url).searchParams,
    cookie: request.headers.get('cookie'),
    host: request.headers.get('host'),
    clientIp: context.clientIp,
    viewer: context.viewer,
  })
  return new Response(json, { headers: { 'Content-Type': 'application/json', 'Cache-Control': PUBLIC_SETTINGS_CACHE_CONTROL } })
}
