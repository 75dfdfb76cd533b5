/**
 * Whether this browser holds a Web Push subscription for the site (service worker at scope /, registered by the
 * push step of complete-signup). Any failure counts as "no": the caller then polls more often, never less.
 */
export async function hasPushSubscription(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof window === 'undefined' || !('PushManager' in window)) return false
    const reg = await navigator.serviceWorker.getRegistration('/')
    return !!(await reg?.pushManager.getSubscription())
  } catch {
    return false
  }
}
