// Service worker, version 2 (spec section 7): shows Web Push messages and opens their link when clicked.
// It also makes the site an installable app (issue 12, section 5): an offline page for navigations that fail, and
// the member's last conversations (GET /api/chats.php, network first) kept so that page can list them read-only.
// Registered on every page by app/lib/service-worker.ts and by the push step (app/features/notifications/push-client.ts).
const VERSION = 2
const OFFLINE_CACHE = `offline-v${VERSION}`
// The only personal data kept: the last answer of /api/chats.php. public/offline.html reads it under this name.
const CHATS_CACHE = `chats-v${VERSION}`
const OFFLINE_URL = '/offline.html'
// The offline page's script is a file of its own (the Content-Security-Policy allows no inline script).
const OFFLINE_SCRIPT = '/offline.js'
const CHATS_URL = '/api/chats.php'
importScripts('/sw-prefetch.js')

self.addEventListener('install', (event) =>
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, OFFLINE_SCRIPT].map((u) => new Request(u, { cache: 'reload' }))))
      // Without the offline page the worker still does its main job (pushes): never fail the install for it.
      .catch(() => {})
      .then(() => self.skipWaiting()),
  ),
)

self.addEventListener('activate', (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== OFFLINE_CACHE && n !== CHATS_CACHE).map((n) => caches.delete(n))))
      .catch(() => {})
      .then(() => self.clients.claim()),
  ),
)

/** Logging out (the form posts /logout, a script calls /api/logout.php) or in as someone (else) drops the chats. */
function endsSession(url, method) {
  const p = url.pathname
  return p === '/logout' || p === '/logout.data' || p === '/api/logout.php' || (method === 'POST' && (p === '/login' || p === '/login.data'))
}

/** Screens whose visit refreshes the kept conversations: the chat list and a chat, as a page load or a client navigation. */
function isChatsScreen(url) {
  return /^\/chats(\/\d+)?(\.data)?$/.test(url.pathname)
}

/** Keeps a good answer of /api/chats.php; an answer without a session (403, spec section 8) drops what was kept. */
async function keepChats(response) {
  if (response.status === 401 || response.status === 403) return caches.delete(CHATS_CACHE)
  if (!response.ok) return
  const cache = await caches.open(CHATS_CACHE)
  await cache.put(CHATS_URL, response)
}

async function chatsNetworkFirst(request) {
  try {
    const response = await fetch(request)
    await keepChats(response.clone()).catch(() => {})
    return response
  } catch (error) {
    const kept = await caches.match(CHATS_URL, { cacheName: CHATS_CACHE, ignoreVary: true })
    if (kept) return kept
    throw error
  }
}

const CHATS_REQUEST = { credentials: 'same-origin', headers: { Accept: 'application/json', 'X-Request-Type': 'client' } }

function refreshChats() {
  return fetch(CHATS_URL, CHATS_REQUEST)
    .then(keepChats)
    .catch(() => {})
}

/**
 * After a push: the kept conversations fetched again, so the offline page and the chat list are current when the
 * member opens the notification; with the spec's idle timeout and retries (public/sw-prefetch.js). Only where a
 * member's conversations are kept already: a visitor's push prefetches nothing.
 */
async function prefetchAfterPush() {
  if (!(await caches.has(CHATS_CACHE))) return
  const response = await self.prefetchWithRetries(CHATS_URL, CHATS_REQUEST)
  if (response) await keepChats(response)
}

async function navigate(event, url) {
  try {
    const response = await fetch(event.request)
    if (isChatsScreen(url)) event.waitUntil(refreshChats())
    return response
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE, ignoreVary: true })
    if (offline) return offline
    throw error
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (endsSession(url, request.method)) {
    event.waitUntil(caches.delete(CHATS_CACHE).catch(() => {}))
    return
  }
  if (request.method !== 'GET') return
  if (url.pathname === CHATS_URL) {
    event.respondWith(chatsNetworkFirst(request))
    return
  }
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event, url))
    return
  }
  if (url.pathname === OFFLINE_SCRIPT) {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_SCRIPT, { cacheName: OFFLINE_CACHE, ignoreVary: true })))
    return
  }
  // A client navigation to the chat list (React Router's .data request): refresh the kept conversations beside it.
  if (isChatsScreen(url) && url.pathname.endsWith('.data')) event.waitUntil(refreshChats())
  // Everything else (other API answers, pages, media) goes to the network as before and is never kept.
})

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
          icon: '/icons/icon-192.png',
          tag: data.tag,
          // target: where a logged-in member goes; open: where everyone else goes (spec section 4).
          data: { target: data.target || '/', open: data.open || '/login', version: VERSION },
        }),
      )
      // After the notification is shown, never before: the prefetch may take its retries.
      .then(() => prefetchAfterPush().catch(() => {})),
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
