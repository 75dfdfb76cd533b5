import { Outlet, useMatches, useSearchParams } from 'react-router'
import { ActivationReminder, activationReminderMode } from '#app/features/accounts/components/activation-reminder'
import { EntryWarning } from '#app/features/visitors/components/entry-warning'
import { LanguageDropdown } from '#app/ui/language-dropdown'
import { useRootData } from './use-root-data'

/**
 * Empty layout: the content alone (spec section 2), plus the overlays (the entry warning for NL and DE). The activation reminder shows here only as
 * the modal a smartphone signup lands with (/complete-signup?api_signup_complete=1); the alert belongs to the
 * default layout's warning banners.
 */
export default function EmptyLayout() {
  const root = useRootData()
  const routeIds = useMatches().map((m) => m.id)
  const [search] = useSearchParams()
  const reminder = root.viewer ? activationReminderMode(root.viewer, routeIds, search) : null
  return (
    <main id="main" className="container py-4">
      {/* Spec section 2: the language dropdown on every page but the completion of a signup. */}
      {routeIds.includes('complete-signup') ? null : (
        <div className="d-flex justify-content-end mb-2" data-testid="empty-layout-language">
          <LanguageDropdown current={root.locale} available={root.visitor.languages} />
        </div>
      )}
      {root.viewer && reminder === 'modal' ? <ActivationReminder email={root.viewer.email} mode="modal" /> : null}
      <Outlet />
      <EntryWarning show={root.visitor.entryWarning.restricted} siteName={root.site.name} minimumAge={root.site.minimumAge} />
    </main>
  )
}
