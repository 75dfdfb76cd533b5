import { withWrite } from '#app/features/settings/write-limits.server'

/**
 * A post of the settings page (notifications, privacy, account, blocked members), whatever it asks: takes the
 * member's write token first (too_often when spent: `write` does not run), an unblock's of the block kind as on a
 * profile page, any other's of the account_change kind. The page's intents reach features shared with other pages
 * that take no token of their own (the appeal, the second factor), so the page's post takes it here, as one.
 */
export function submitSettingsPost<T>(userId: number, intent: unknown, write: () => Promise<T>) {
  return withWrite(intent === 'unblock' ? 'block' : 'account_change', userId, write)
}
