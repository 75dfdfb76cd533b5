/**
 * Registers the service worker (public/sw.js, version 2) on every page, so the site can be installed and shows its
 * offline page when the network is gone. The push step of complete-signup registers the same script at the same
 * scope (app/features/notifications/push-client.ts); registering twice is harmless.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No service worker (private mode, an old browser): the site works as before, only without its offline page.
  })
}
