import type { Messages } from './catalogs.server'

/**
 * Which part of the site a path belongs to, for the messages its pages need: the console's texts only reach the
 * console, the landers' only the landers and member landings, and the home page gets only its own (it is every
 * visitor's first page, and always logged out: members go on to /members). Navigating between parts reloads the
 * root data.
 */
export type MessageScope = 'console' | 'lander' | 'home' | 'site'

export function messageScope(pathname: string): MessageScope {
  if (pathname === '/') return 'home'
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'console'
  if (pathname.startsWith('/landers/') || /^\/members\/\d+\/(landing|landing2|landing3|signup)(\/|$)/.test(pathname)) return 'lander'
  return 'site'
}

// E-mails are rendered on the server (app/ui/email); no page shows their texts.
const serverOnly = new Set(['email'])
const scoped: Record<string, MessageScope> = { admin: 'console', lander: 'lander' }

/**
 * The namespaces the home page can show: its own, the landers' layout, the root's (error page, test-mode banner,
 * navigation progress), the signup modal with its form and the server's answers to it, and the entry warning. The
 * rest of the site's texts were 13 of the 17 KB of messages the home page loaded (issue 26). client-messages.test.ts
 * reads the home page's sources and fails when they use a namespace missing here.
 */
export const HOME_NAMESPACES: ReadonlySet<string> = new Set([
  'common',
  'disclaimer',
  'entryWarning',
  'error',
  'field',
  'footer',
  'gender',
  'home',
  'lookingFor',
  'modal',
  'nav',
  'reactivate',
  'signup',
  'testMode',
  'validation',
])

// Catalogs are fixed for the life of the process: each (catalog, scope) pair is filtered once.
const cache = new WeakMap<Messages, Map<MessageScope, Messages>>()

/** The part of a catalog the browser needs on a page of this path (issue 14: less page data per request). */
export function clientMessages(messages: Messages, pathname: string): Messages {
  const scope = messageScope(pathname)
  let byScope = cache.get(messages)
  if (!byScope) cache.set(messages, (byScope = new Map()))
  const hit = byScope.get(scope)
  if (hit) return hit
  const out: Messages = {}
  for (const key in messages) {
    const ns = key.slice(0, key.indexOf('.'))
    if (serverOnly.has(ns)) continue
    const only = scoped[ns]
    if (only && only !== scope) continue
    if (scope === 'home' && !HOME_NAMESPACES.has(ns)) continue
    out[key] = messages[key]
  }
  byScope.set(scope, out)
  return out
}
