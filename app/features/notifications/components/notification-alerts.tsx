import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Link, useFetchers, useLocation, useNavigation } from 'react-router'
import { ENGAGED_EVENT, hasEngaged, markEngaged, useFirstShowThisSession } from '#app/lib/engagement'
import { DismissibleAlert } from '#app/ui/dismissible-alert'
import { currentPushState, forgetPushSync, resyncPushSubscription, subscribeToPush, type PushState } from '../push-client'
import { Icon } from '#app/ui/icon'

// Spec section 4: where each global alert is not shown (route ids).
const pushAlertHiddenOn = new Set(['signup', 'complete-signup', 'notifications', 'activate-done', 'directdebit', 'premium'])
const disabledAlertHiddenOn = new Set(['notifications', 'settings'])

/** Disabled-notifications alert: e-mails are off (bounce, complaint, mail-app unsubscribe); links to the settings. */
export function NotificationsDisabledAlert({ disabled, routeIds }: { disabled: boolean; routeIds: string[] }) {
  if (!disabled || routeIds.some((id) => disabledAlertHiddenOn.has(id))) return null
  return (
    <DismissibleAlert storageKey="notificationsDisabledAlertDismissed" variant="warning">
      <FormattedMessage id="alert.notificationsDisabled" />{' '}
      <Link to="/notifications" className="alert-link">
        <FormattedMessage id="alert.notificationsDisabledLink" />
      </Link>
    </DismissibleAlert>
  )
}

/**
 * Push-notification alert: the browser could take pushes and has not been asked yet; a button subscribes. Asked at a
 * natural moment, once the member has liked someone or written a message (app/lib/engagement.ts), and on one page
 * per browser session at most (issue 27).
 */
export function PushAlert({ publicKey, routeIds }: { publicKey: string; routeIds: string[] }) {
  const [state, setState] = useState<PushState>('unknown')
  const engaged = useEngagement()
  const { pathname } = useLocation()
  useEffect(() => {
    void currentPushState().then((s) => setState(s === 'capable' && Notification.permission === 'default' ? s : 'unknown'))
  }, [])
  const wanted = !!publicKey && state === 'capable' && engaged && !routeIds.some((id) => pushAlertHiddenOn.has(id))
  const firstShow = useFirstShowThisSession('pushAlertShownOn', pathname, wanted)
  if (!firstShow) return null
  return (
    <DismissibleAlert storageKey="pushAlertDismissed">
      <FormattedMessage id="alert.push" />{' '}
      <button type="button" className="btn btn-sm btn-primary ms-1" onClick={() => void subscribeToPush(publicKey).then(setState)}>
        <Icon name="bell" className="me-1" />
        <FormattedMessage id="alert.pushButton" />
      </button>
    </DismissibleAlert>
  )
}

/** Whether the member has engaged (liked, written): a like sent from any form or fetcher on the page counts at once. */
function useEngagement(): boolean {
  const [engaged, setEngaged] = useState(false)
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const liking = [navigation.formData, ...fetchers.map((f) => f.formData)].some((d) => d?.get('intent') === 'like')
  useEffect(() => {
    if (liking) markEngaged()
    setEngaged(hasEngaged())
  }, [liking])
  useEffect(() => {
    const on = () => setEngaged(true)
    window.addEventListener(ENGAGED_EVENT, on)
    return () => window.removeEventListener(ENGAGED_EVENT, on)
  }, [])
  return engaged
}

/** Keeps this browser's push subscription registered for the current session (it ends with the session). */
export function PushSubscriptionSync({ loggedIn }: { loggedIn: boolean }) {
  useEffect(() => {
    if (loggedIn) void resyncPushSubscription()
    else forgetPushSync()
  }, [loggedIn])
  return null
}
