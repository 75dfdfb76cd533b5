import type { Messages } from './catalogs.server'

/**
 * Which part of the site a path belongs to, for the messages its pages need: the console's texts only reach the
 * console, the landers' only the landers and member landings, the pages a visitor starts on (/, /login, /signup:
 * always logged out, as members go on to /members) only their own, and the pages members spend their time on (the
 * search, profiles, likes and chats) only theirs. Navigating between parts reloads the root data.
 */
export type MessageScope = 'console' | 'lander' | 'visitor' | 'member' | 'site'

const visitorPaths = new Set(['/', '/login', '/signup'])
// /members, /members/{id}, /members/{id}/chat, /likes, /likes/{type}, /likes/m/{id}, /chats, /chats/{id}.
const memberPath = /^\/(?:members(?:\/[^/]+(?:\/chat)?)?|likes(?:\/m\/[^/]+|\/[^/]+)?|chats(?:\/[^/]+)?)\/?$/

export function messageScope(pathname: string): MessageScope {
  if (visitorPaths.has(pathname)) return 'visitor'
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'console'
  if (pathname.startsWith('/landers/') || /^\/members\/\d+\/(landing|landing2|landing3|signup)(\/|$)/.test(pathname)) return 'lander'
  if (memberPath.test(pathname)) return 'member'
  return 'site'
}

// E-mails are rendered on the server (app/ui/email); no page shows their texts.
const serverOnly = new Set(['email'])
const scoped: Record<string, MessageScope> = { admin: 'console', lander: 'lander' }

/**
 * The namespaces the visitor's pages can show: their own; their layouts (the landers' for /, the site's for the
 * others, whose member-only parts are counted too, to be safe); the root's for every page (error page, test-mode
 * banner, navigation progress); the signup modal with its form, the login and signup forms and the server's answers
 * to them; the entry warning. The rest of the site's texts were 13 of the 17 KB of messages the home page loaded
 * (issue 26). client-messages.test.ts reads these pages' sources and fails when they use a namespace missing here.
 */
export const VISITOR_NAMESPACES: ReadonlySet<string> = new Set([
  'activate',
  'alert',
  'chat',
  'common',
  'disclaimer',
  'entryWarning',
  'error',
  'field',
  'footer',
  'gender',
  'home',
  'likeModal',
  'login',
  'lookingFor',
  'match',
  'modal',
  'nav',
  'newLike',
  'premium',
  'profile',
  'reactivate',
  'signup',
  'testMode',
  'timebonus',
  'validation',
])

/**
 * The namespaces the member's pages can show: their own and their actions' answers; the site's and the chat's
 * layouts with everything they hold for members and visitors alike (live popups, the like and match dialogs, the
 * signup dialog, the banners); the root's. The rest of the site's texts (account, credits and payments, settings,
 * the visitor's home page...) were 7 of the 15 KB of messages every member's page loaded (issue 26).
 * client-messages.test.ts reads these pages' sources, with the server modules they import, and fails when they use
 * a namespace missing here.
 */
export const MEMBER_NAMESPACES: ReadonlySet<string> = new Set([
  'activate',
  'alert',
  'billing',
  'chat',
  'chats',
  'common',
  'disclaimer',
  'discount',
  'entryWarning',
  'error',
  'fictional',
  'field',
  'finder',
  'footer',
  'gender',
  'gift',
  'icebreaker',
  'interest',
  'likeModal',
  'likes',
  'live',
  'login',
  'lookingFor',
  'match',
  'matching',
  'members',
  'modal',
  'nav',
  'newLike',
  'note',
  'pagination',
  'photos',
  'premium',
  'profile',
  'profileField',
  'profileValue',
  'reactivate',
  'report',
  'settings',
  'signup',
  'testMode',
  'timebonus',
  'validation',
])

const onlyThese: Partial<Record<MessageScope, ReadonlySet<string>>> = { visitor: VISITOR_NAMESPACES, member: MEMBER_NAMESPACES }

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
    if (onlyThese[scope] && !onlyThese[scope].has(ns)) continue
    out[key] = messages[key]
  }
  byScope.set(scope, out)
  return out
}
