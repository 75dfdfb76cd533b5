// Service worker, version 2 (spec section 7): shows Web Push messages and opens their link when clicked.
const VERSION = 2

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { title: event.data ? event.data.text() : '' }
  }
  const title = data.title || self.registration.scope
  event.waitUntil(
    // Open pages reload their data at once (spec section 4: loads also run when a pushed message arrives);
    // the listener is in app/features/chat/components/realtime-provider.tsx.
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((pages) => pages.forEach((page) => page.postMessage({ type: 'push' })))
      .catch(() => {})
      .then(() =>
        self.registration.showNotification(title, {
          body: data.body || '',
          icon: '/favicon.svg',
          tag: data.tag,
          // target: where a logged-in member goes; open: where everyone else goes (spec section 4).
          data: { target: data.target || '/', open: data.open || '/login', version: VERSION },
        }),
      ),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const { target, open } = event.notification.data || {}
  event.waitUntil(
    fetch('/api/user.php', { headers: { 'X-Request-Type': 'client' }, credentials: 'same-origin' })
      .then((r) => r.json())
      .then((body) => (body && body.user ? target : open))
      .catch(() => open)
      .then((url) => self.clients.openWindow(url || '/')),
  )
})
