// Spec section 4: routes where the activation reminder stays hidden.
const hiddenOn = new Set(['signup', 'complete-signup', 'settings', 'notifications'])

/** Shown to a logged-in member with no disabled notifications whose account and profile await confirmation. */
export function showActivationReminder(viewer: { status: string; profileStatus: string; notificationsDisabled: boolean } | null, routeIds: string[]): boolean {
  if (!viewer || viewer.notificationsDisabled) return false
  if (viewer.status !== 'not_confirmed' || viewer.profileStatus !== 'disabled') return false
  return !routeIds.some((id) => hiddenOn.has(id))
}
