import type { Messages } from './catalogs.server'

/**
 * Which part of the site a path belongs to, for the messages its pages need: the console's texts only reach the
 * console, the landers' only the landers and member landings. Navigating between parts reloads the root data.
 */
export type MessageScope = 'console' | 'lander' | 'site'

export function messageScope(pathname: string): MessageScope {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'console'
  if (pathname.startsWith('/landers/') || /^\/members\/\d+\/(landing|landing2|landing3|signup)(\/|$)/.test(pathname)) return 'lander'
  return 'site'
}

// E-mails are rendered on the server (app/ui/email); no page shows their texts.
const serverOnly = new Set(['email'])
const scoped: Record<string, MessageScope> = { admin: 'console', lander: 'lander' }

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
    out[key] = messages[key]
  }
  byScope.set(scope, out)
  return out
}
