import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { logoutOnAuthRequired } from '#app/lib/api-client'

// Spec section 3: push state. isCapable, then subscribed (a subscription), 'denied' or false.
type PushState = 'unknown' | 'incapable' | 'capable' | 'subscribed' | 'denied' | 'failed'

function urlBase64ToUint8Array(base64: string): Uint8Array {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(padded)
  return Uint8Array.from(raw, (c) => c.charCodeAt(0))
}

/** Asks the browser for notification permission, registers the service worker and stores the subscription. */
export function PushStep({ publicKey }: { publicKey: string }) {
  const [state, setState] = useState<PushState>('unknown')
  useEffect(() => {
    const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    if (!capable) return setState('incapable')
    if (Notification.permission === 'denied') return setState('denied')
    void navigator.serviceWorker.getRegistration('/').then(async (reg) => {
      const existing = await reg?.pushManager.getSubscription()
      setState(existing ? 'subscribed' : 'capable')
    })
  }, [])

  async function subscribe() {
    try {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'capable')
      const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
      await navigator.serviceWorker.ready
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(publicKey) as BufferSource })
      const res = await fetch('/api/user.php?push=1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscription: sub.toJSON() }) })
      const body = await res.json().catch(() => ({}))
      if (logoutOnAuthRequired(res.status, body)) return
      setState(res.ok ? 'subscribed' : 'failed')
    } catch {
      setState('failed')
    }
  }

  if (state === 'unknown') return null
  return (
    <div className="mb-3" aria-live="polite">
      {state === 'capable' || state === 'failed' ? (
        <button type="button" className="btn btn-primary" onClick={() => void subscribe()}>
          <i className="bi bi-bell me-1" aria-hidden="true" />
          <FormattedMessage id="push.allow" />
        </button>
      ) : null}
      {state === 'subscribed' ? (
        <div className="alert alert-success" role="status">
          <FormattedMessage id="push.subscribed" />
        </div>
      ) : null}
      {state === 'denied' ? (
        <div className="alert alert-light border" role="status">
          <FormattedMessage id="push.denied" />
        </div>
      ) : null}
      {state === 'incapable' ? (
        <div className="alert alert-light border" role="status">
          <FormattedMessage id="push.incapable" />
        </div>
      ) : null}
      {state === 'failed' ? (
        <div className="text-danger small mt-2" role="alert">
          <FormattedMessage id="error.tryLater" />
        </div>
      ) : null}
    </div>
  )
}
