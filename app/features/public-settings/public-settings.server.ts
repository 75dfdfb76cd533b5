import type { Viewer } from '#app/features/authentication/viewer.server'
import { trackingFromQuery } from '#app/features/accounts/tracking'
import { trackingFromCookies } from '#app/features/accounts/signup-options.server'
import { searchOpenTo } from '#app/features/search/visitor-search.server'
import { getSettings } from '#app/features/settings/settings.server'
import { localeOfRequest } from '#app/features/settings/request-locale.server'
import type { Settings } from '#app/features/settings/defaults'
import { settingsForRequest, visitorCountry } from '#app/features/visitors/visitor.server'

export interface PublicSettingsRequest {
  query: URLSearchParams
  cookie: string | null
  host: string | null
  clientIp: string
  viewer: Pick<Viewer, 'language'> | null
}

// The answer depends on a few facts of the request only; it is kept per settings object (replaced when settings
// change or the settings cache refreshes). `_force_domain` is the client's to choose, so the table is bounded.
const MAX_ANSWERS = 500
const answers = new WeakMap<Settings, Map<string, string>>()

/**
 * GET /api/settings.php (spec section 7) as JSON text: the public settings as this visitor sees them. `_force_domain`
 * names the domain the client is on (its locale by `locale_domains` gives domain_language); the rest of the query
 * is the route's query, whose tracking parameters count for logged-out search with a traffic source.
 */
export async function publicSettingsJson(req: PublicSettingsRequest): Promise<string> {
  const settings = await getSettings()
  const forced = req.query.get('_force_domain')?.slice(0, 253) || null
  const host = forced ?? req.host
  const locale = forced ? null : localeOfRequest({ cookie: req.cookie, host: req.host, accountLanguage: req.viewer?.language }, settings)
  const country = visitorCountry({ clientIp: req.clientIp }, settings)
  const loggedOutSearch = !!req.viewer || searchOpenTo(settings, trackingFromQuery(req.query) ?? trackingFromCookies(req.cookie))
  const key = `${country}|${host}|${locale}|${loggedOutSearch}`
  let byKey = answers.get(settings)
  if (!byKey) answers.set(settings, (byKey = new Map()))
  let json = byKey.get(key)
  if (json === undefined) {
    const answer = settingsForRequest(settings, { country, host, locale })
    answer.logged_out_search = loggedOutSearch
    json = JSON.stringify(answer)
    if (byKey.size >= MAX_ANSWERS) byKey.clear()
    byKey.set(key, json)
  }
  return json
}

/** The answer depends on the visitor's address and cookies: caches keep it for that browser only. */
export const PUBLIC_SETTINGS_CACHE_CONTROL = 'private, max-age=60'
