import { apiJson } from '#app/lib/api-client'

// Spec section 3: push state. isCapable, then subscribed (a subscription), 'denied' or false.
export type PushState = 'unknown' | 'incapable' | 'capable' | 'subscribed' | 'denied' | 'failed'

function urlBase64ToUint8Array(base64: string): Uint8Array {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(padded)
  return Uint8Array.from(raw, (c) => c.charCodeAt(0))
}

/** What this browser can do about pushes right now, without asking the member anything. */
export async function currentPushState(): Promise<PushState> {
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  if (!capable) return 'incapable'
  if (Notification.permission === 'denied') return 'denied'
  try {
    const reg = await navigator.serviceWorker.getRegistration('/')
    return (await reg?.pushManager.getSubscription()) ? 'subscribed' : 'capable'
  } catch {
    return 'capable'
  }
}

/**
 * Asks for permission, registers the service worker (public/sw.js, version 2) and stores the subscription on the
 * account (POST /api/user.php?push=1, spec section 7; storing it again is harmless, so it may be retried).
 */
export async function subscribeToPush(publicKey: string): Promise<PushState> {
  try {
    const permission = await Notification.requestPermission()
    if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'capable'
    const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
    await navigator.serviceWorker.ready
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(publicKey) as BufferSource })
    const res = await apiJson(
      '/api/user.php?push=1',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscription: sub.toJSON() }) },
      { idempotent: true },
    )
    if (res === false) return 'failed'
    return res.ok ? 'subscribed' : 'failed'
  } catch {
    return 'failed'
  }
}

const SYNCED_KEY = 'pushSubscriptionSynced'

/**
 * A subscription on the server lives as long as the session that registered it (push-subscriptions.server.ts), but
 * the browser keeps its own across a logout: after the next login it is registered again, once per tab and login.
 */
export async function resyncPushSubscription(): Promise<void> {
  try {
    if (sessionStorage.getItem(SYNCED_KEY) || !('serviceWorker' in navigator) || !('Notification' in window) || Notification.permission !== 'granted') return
    const reg = await navigator.serviceWorker.getRegistration('/')
    const sub = await reg?.pushManager.getSubscription()
    if (!sub) return
    const res = await apiJson(
      '/api/user.php?push=1',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscription: sub.toJSON() }) },
      { idempotent: true },
    )
    if (res && res.ok) sessionStorage.setItem(SYNCED_KEY, '1')
  } catch {
    // Storage or the push manager unavailable (private mode): nothing to keep in step.
  }
}

/** Logged out: the next login must register the browser's subscription for its new session. */
export function forgetPushSync(): void {
  try {
    sessionStorage.removeItem(SYNCED_KEY)
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
