import { parseCookies } from '#app/lib/cookies'
import { hasTrafficSource, parseTrackingCookie, TRACKING_COOKIE } from '#app/features/accounts/tracking'
import type { Settings } from '#app/features/settings/defaults'

/** Visitors may search when logged_out_search is on, or logged_out_search_trafficsource and they came from a source. */
export function visitorMaySearch(settings: Pick<Settings, 'logged_out_search' | 'logged_out_search_trafficsource'>, cookieHeader: string | null): boolean {
  if (settings.logged_out_search) return true
  if (!settings.logged_out_search_trafficsource) return false
  return hasTrafficSource(parseTrackingCookie(parseCookies(cookieHeader)[TRACKING_COOKIE]))
}
