/**
 * The app badge (Badging API: installed web apps) shows the same sum as the title prefix (spec section 4).
 * Browsers without the API, a refused permission or any other failure are silently ignored (spec section 8).
 */
export interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

export function showAppBadge(
  count: number,
  nav: BadgeNavigator | undefined = typeof navigator === 'undefined' ? undefined : (navigator as BadgeNavigator),
): void {
  if (!nav) return
  try {
    const pending = count > 0 ? nav.setAppBadge?.call(nav, count) : nav.clearAppBadge?.call(nav)
    // A rejected promise would otherwise surface as an unhandled rejection.
    if (pending && typeof pending.catch === 'function') pending.catch(() => {})
  } catch {
    // e.g. a SecurityError in a frame or a browser that half-implements the API
  }
}
