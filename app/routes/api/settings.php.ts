import type { Route } from './+types/settings.php'
import { getSettings } from '#app/features/settings/settings.server'
import { settingsForRequest, visitorCountry } from '#app/features/visitors/visitor.server'
import { searchOpenTo } from '#app/features/search/visitor-search.server'
import { trackingFromQuery } from '#app/features/accounts/tracking'
import { trackingFromCookies } from '#app/features/accounts/signup-options.server'
import { requestLocale } from '#app/features/settings/request-locale.server'

/**
 * GET /api/settings.php (spec section 7): the public settings as this visitor sees them. `_force_domain` names
 * the domain the client is on (its locale by `locale_domains` gives domain_language); the rest of the query is
 * the route's query, whose tracking parameters count for logged-out search with a traffic source.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const settings = await getSettings()
  const forced = url.searchParams.get('_force_domain')?.slice(0, 253) || null
  const tracking = trackingFromQuery(url.searchParams) ?? trackingFromCookies(request.headers.get('cookie'))
  const { locale } = await requestLocale(request, context)
  const answer = settingsForRequest(settings, { country: visitorCountry(context, settings), host: forced ?? request.headers.get('host'), locale: forced ? null : locale })
  answer.logged_out_search = !!context.viewer || searchOpenTo(settings, tracking)
  // The answer depends on the visitor's address and cookies: caches keep it for that browser only.
  return Response.json(answer, { headers: { 'Cache-Control': 'private, max-age=60' } })
}
