import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { isStandalone } from '#app/lib/installed-app'
import { Icon } from './icon'

/** Spec section 2: the screens with a Back button in installed-app mode (route ids of app/routes.ts). */
export const backButtonRoutes: ReadonlySet<string> = new Set(['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod'])

/**
 * The Back button appears only in installed-app mode (no browser bar with its own back button), when there is
 * somewhere to go back to (history longer than 1), and on the screens of `backButtonRoutes`.
 */
export function showBackButton({ standalone, historyLength, routeIds }: { standalone: boolean; historyLength: number; routeIds: readonly string[] }): boolean {
  return standalone && historyLength > 1 && routeIds.some((id) => backButtonRoutes.has(id))
}

/**
 * The Back button of the default layout. The server and the first client render show nothing (the display mode and
 * the history exist only in the browser), so hydration matches; the check runs after it, and again on every route change.
 */
export function BackButton({ routeIds }: { routeIds: readonly string[] }) {
  const [visible, setVisible] = useState(false)
  const key = routeIds.join(' ')
  useEffect(() => {
    const update = () => setVisible(showBackButton({ standalone: isStandalone(), historyLength: window.history.length, routeIds: key.split(' ') }))
    update()
    const query = typeof window.matchMedia === 'function' ? window.matchMedia('(display-mode: standalone)') : null
    query?.addEventListener('change', update)
    return () => query?.removeEventListener('change', update)
  }, [key])
  if (!visible) return null
  return (
    <button type="button" className="btn btn-link px-0 mb-2 text-decoration-none" data-testid="back-button" onClick={() => window.history.back()}>
      <Icon name="chevron-left" className="me-1" />
      <FormattedMessage id="nav.back" />
    </button>
  )
}
