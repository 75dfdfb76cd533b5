import { parseCookies } from '#app/lib/cookies'
import { hasTrafficSource, parseTrackingCookie, TRACKING_COOKIE, type Tracking } from '#app/features/accounts/tracking'
import type { Settings } from '#app/features/settings/defaults'

type SearchSettings = Pick<Settings, 'logged_out_search' | 'logged_out_search_trafficsource'>

/** Visitors may search when logged_out_search is on, or logged_out_search_trafficsource and they came from a source. */
export function visitorMaySearch(settings: SearchSettings, cookieHeader: string | null): boolean {
  return searchOpenTo(settings, parseTrackingCookie(parseCookies(cookieHeader)[TRACKING_COOKIE]))
}

/** The same rule for known tracking data (the stored cookie, or the query of the page being opened). */
export function searchOpenTo(settings: SearchSettings, tracking: Tracking | null): boolean {
  if (settings.logged_out_search) return true
  return settings.logged_out_search_trafficsource && hasTrafficSource(tracking)
}
