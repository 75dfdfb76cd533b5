import { FormattedMessage } from 'react-intl'
import { isRouteErrorResponse, Link, Outlet, useMatches, useRouteError, useSearchParams } from 'react-router'
import { ActivationReminder, activationReminderMode } from '#app/features/accounts/components/activation-reminder'
import { useRealtime } from '#app/features/chat/components/realtime-provider'
import { TimeBonusBanner, TimeBonusPopup } from '#app/features/billing/components/time-bonus'
import { membersAreaRoutes } from '#app/features/billing/countdown'
import { NotificationsDisabledAlert, PushAlert, PushSubscriptionSync } from '#app/features/notifications/components/notification-alerts'
import { BackButton } from '#app/ui/back-button'
import { DismissibleAlert } from '#app/ui/dismissible-alert'
import { ErrorPage } from '#app/ui/error-page'
import { Disclaimer } from '#app/ui/disclaimer'
import { EntryWarning } from '#app/features/visitors/components/entry-warning'
import { Footer } from '#app/ui/footer'
import { LanguageDropdown } from '#app/ui/language-dropdown'
import { TopNav } from '#app/ui/top-nav'
import { LikeModal } from '#app/features/matching/components/like-modal'
import { LiveMatching } from '#app/features/matching/components/live-matching'
import { useRootData } from './use-root-data'
import { PageSkeleton, usePendingSkeleton } from '#app/ui/page-skeleton'

// Spec section 4: the profile-photo alert is not shown on these routes.
const photoAlertHiddenOn = new Set(['profile', 'signup', 'complete-signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'])

export default function DefaultLayout() {
  const root = useRootData()
  const { counts } = useRealtime()
  const routeIds = useMatches().map((m) => m.id)
  const [search] = useSearchParams()
  const reminder = root.viewer ? activationReminderMode(root.viewer, routeIds, search) : null
  const inMembersArea = routeIds.some((id) => membersAreaRoutes.has(id))
  // One banner at a time (issue 27): the reminder to confirm the e-mail address goes first, the time bonus after it.
  const timeBonus = root.viewer && inMembersArea && reminder !== 'alert' ? root.timeBonus : null
  const skeleton = usePendingSkeleton()
  const showPhotoAlert = !!root.viewer && !root.viewer.thumb && !routeIds.some((id) => photoAlertHiddenOn.has(id))
  return (
    <>
      <TopNav
        viewer={root.viewer}
        unread={counts.unread}
        newLikes={counts.newLikes}
        locale={root.locale}
        languages={root.visitor.languages}
        siteName={root.site.name}
        mediaPrefix={root.site.cdnPrefix}
      />
      <main id="main" className="container py-4">
        <BackButton routeIds={routeIds} />
        {timeBonus ? <TimeBonusBanner key={timeBonus.endsAt} endsAt={timeBonus.endsAt} percentage={timeBonus.percentage} /> : null}
        {timeBonus && root.viewer?.credits === 0 ? <TimeBonusPopup endsAt={timeBonus.endsAt} percentage={timeBonus.percentage} /> : null}
        {root.viewer && reminder ? <ActivationReminder email={root.viewer.email} mode={reminder} /> : null}
        {skeleton ? <PageSkeleton kind={skeleton} /> : null}
        {/* Kept while the skeleton shows, so that a navigation that does not happen returns to the page as it was. */}
        <div className="page-outlet" hidden={!!skeleton}>
          <Outlet />
        </div>
        {/*
          These prompts are decided in the browser after hydration (dismissals kept in localStorage, push support), so
          the server cannot render them. They come after the page's content, so that they neither move it (a layout
          shift when they were inserted above it, issue 14) nor cover any of it (they floated over the swipe game's
          and the profiles' buttons, issue 27); only the first of them shows (app/styles/app.scss .alert-dock).
        */}
        <div className="alert-dock" data-testid="alert-dock">
          {root.viewer ? <NotificationsDisabledAlert disabled={root.viewer.notificationsDisabled} routeIds={routeIds} /> : null}
          <PushSubscriptionSync loggedIn={Boolean(root.viewer)} />
          {root.viewer ? <PushAlert publicKey={root.site.pushKey} routeIds={routeIds} /> : null}
          {showPhotoAlert ? (
            <DismissibleAlert storageKey="photoAlertDismissed">
              <FormattedMessage id="alert.photo" />{' '}
              <Link to="/profile" className="alert-link">
                <FormattedMessage id="alert.photoAction" />
              </Link>
            </DismissibleAlert>
          ) : null}
        </div>
        {root.viewer ? (
          <>
            <LiveMatching cdnPrefix={root.site.cdnPrefix} />
            <LikeModal cdnPrefix={root.site.cdnPrefix} />
          </>
        ) : null}
      </main>
      <Footer siteName={root.site.name} usFooter={root.site.usFooter} languageSwitch={memberLanguageSwitch(root)} />
      <Disclaimer kind="default" siteName={root.site.name} minimumAge={root.site.minimumAge} />
      <EntryWarning show={root.visitor.entryWarning.all} siteName={root.site.name} minimumAge={root.site.minimumAge} />
    </>
  )
}

/** A member's language menu lives in the footer (the header keeps the room for the navigation on phones). */
function memberLanguageSwitch(root: ReturnType<typeof useRootData>) {
  return root.viewer ? <LanguageDropdown current={root.locale} available={root.visitor.languages} /> : undefined
}

/** Errors inside the default layout keep the navigation, so the member can carry on (spec section 8). */
export function ErrorBoundary() {
  const root = useRootData()
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <>
      <TopNav
        viewer={root.viewer}
        unread={root.counts.unread}
        newLikes={root.counts.newLikes}
        locale={root.locale}
        languages={root.visitor.languages}
        siteName={root.site.name}
        mediaPrefix={root.site.cdnPrefix}
      />
      <ErrorPage status={status} />
      <Footer siteName={root.site.name} usFooter={root.site.usFooter} languageSwitch={memberLanguageSwitch(root)} />
      <Disclaimer kind="default" siteName={root.site.name} minimumAge={root.site.minimumAge} />
    </>
  )
}
