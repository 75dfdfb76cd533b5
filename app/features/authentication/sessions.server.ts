import crypto from 'node:crypto'
import { db } from '#db/client.server'
import { pushSubscriptions, sessions } from '#db/schema/index'
import { currentKey, legacyKeys, readableKeys } from '#app/lib/keys.server'
import { getSettings } from '#app/features/settings/settings.server'
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import { revokeSessionsNow } from './revoke-sessions.server'
import { deviceName, type DeviceName } from './device-name'

export const SESSION_COOKIE = 'sid'
export const SESSION_MAX_AGE_S = 30 * 24 * 3600
/** Touching a session is a write: done at most this often, so a session's idle time is known to within this. */
const TOUCH_EVERY_MS = 10 * 60_000

const hmacHex = (key: Buffer | string, token: string) => crypto.createHmac('sha256', key).update(token).digest('hex')

/** The id a token is stored under: the HMAC of the token under the session key (app/lib/keys.server.ts). */
function sessionIdFor(token: string): string {
  return hmacHex(currentKey('session').key, token)
}

/**
 * Every id a token may be stored under: the current key's first, then the previous secret's (after a rotation),
 * then those of sessions started before keys per purpose, keyed by the raw secret (key id 0). The table is looked
 * up by these, so no key id needs to be stored beside the id.
 */
function candidateIds(token: string): string[] {
  return [...new Set([...readableKeys('session').map((k) => hmacHex(k.key, token)), ...legacyKeys((raw) => hmacHex(raw, token))])]
}

/** Starts a session and returns the token for the cookie; only its HMAC is stored. */
export async function createSession(userId: number, userAgent?: string | null, country?: string | null): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .insert(sessions)
    .values({
      id: sessionIdFor(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
      userAgent: userAgent?.slice(0, 200) ?? null,
      country: country ?? null,
    })
  return token
}

/** The stored ids a plausible session token may have (for a lookup with `inArray`), or null. */
export function sessionLookupIds(token: string | undefined | null): string[] | null {
  return token && token.length <= 100 ? candidateIds(token) : null
}

/**
 * True when a session found by a read is idle: unused for session_idle_days (a setting, default 14). Computed by
 * the database (its clock set last_used_at) as part of the read.
 */
export async function idleCondition() {
  const { session_idle_days: days } = await getSettings()
  return sql<boolean>`${sessions.lastUsedAt} < now() - make_interval(days => ${days}::int)`
}

/**
 * What every session read does with the row it found: an idle session is deleted and refused (false); a session
 * stored under an older key is moved to the current one (so that `sessionIdOf` names it from here on); a live
 * one is touched.
 */
export async function keepSessionAlive(token: string, found: { id: string; lastUsedAt: Date; idle: boolean }): Promise<boolean> {
  if (found.idle) {
    await db().delete(sessions).where(eq(sessions.id, found.id))
    return false
  }
  const id = sessionIdFor(token)
  if (found.id !== id) await rekeySession(found.id, id)
  await touchSession(id, found.lastUsedAt)
  return true
}

/** The user id a live session token belongs to, or null. */
export async function userIdForSession(token: string | undefined | null): Promise<number | null> {
  const ids = sessionLookupIds(token)
  if (!ids) return null
  const [row] = await db()
    .select({ id: sessions.id, userId: sessions.userId, lastUsedAt: sessions.lastUsedAt, idle: await idleCondition() })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
  if (!row || !(await keepSessionAlive(token!, row))) return null
  return row.userId
}

/**
 * The stored id of a plausible session token under the current key, or null. A session read (the request's
 * viewer, the socket's login) has moved a session made under an older key to this id before anyone asks.
 */
export function sessionIdOf(token: string | undefined | null): string | null {
  return token && token.length <= 100 ? sessionIdFor(token) : null
}

/**
 * Moves a session to its id under the current key, with the push subscriptions that belong to it (they end with
 * the session: point 11 of issue 24). Two requests doing it at once are harmless: the second finds nothing to move.
 */
async function rekeySession(oldId: string, newId: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(
      sql`insert into ${sessions} (id, user_id, created_at, expires_at, last_used_at, user_agent) select ${newId}, user_id, created_at, expires_at, last_used_at, user_agent from ${sessions} where id = ${oldId} on conflict (id) do nothing`,
    )
    await tx.update(pushSubscriptions).set({ sessionId: newId }).where(eq(pushSubscriptions.sessionId, oldId))
    await tx.delete(sessions).where(eq(sessions.id, oldId))
  })
}

/** Marks a session used, at most every 10 minutes, to keep session reads from becoming writes. */
export async function touchSession(id: string, lastUsedAt: Date): Promise<void> {
  if (Date.now() - lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db()
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(sessions.id, id))
  }
}

/** Logout: ends this session (its sockets close at once, revoke-sessions.server.ts). */
export async function destroySession(token: string | undefined | null): Promise<void> {
  const ids = sessionLookupIds(token)
  if (!ids) return
  await revokeSessionsNow({ sessionId: ids }, 'logout')
}

/** The cleanup job: sessions past their 30 days, and those idle for session_idle_days. */
export async function destroyExpiredSessions(): Promise<void> {
  await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), await idleCondition()))
}

export interface SessionInfo {
  id: string
  createdAt: string
  lastUsedAt: string
  /** The browser and system its user-agent names (the raw string is never shown). */
  device: DeviceName
  /** Where the session started: a country code from GeoIP (null for a private or unknown address). */
  country: string | null
  current: boolean
}

/** How a session is named to its member: the first 16 characters of its stored id (not the token, never enough to use). */
const handleOf = (id: string) => id.slice(0, 16)

/** The member's live sessions, newest use first; `id` is an opaque handle for ending one. */
export async function listSessions(userId: number, currentToken: string | null): Promise<SessionInfo[]> {
  const current = new Set(sessionLookupIds(currentToken) ?? [])
  const rows = await db()
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, userAgent: sessions.userAgent, country: sessions.country })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`), sql`not (${await idleCondition()})`))
    .orderBy(sql`${sessions.lastUsedAt} desc`)
  return rows.map((r) => ({
    id: handleOf(r.id),
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    device: deviceName(r.userAgent),
    country: r.country,
    current: current.has(r.id),
  }))
}

/**
 * Ends one of the member's sessions by the handle `listSessions` gave; only theirs. Returns whether it was the
 * session of `currentToken` (the caller then logs out), or null when no such session of this member exists.
 */
export async function destroySessionByHandle(userId: number, handle: string, currentToken: string | null): Promise<{ wasCurrent: boolean } | null> {
  if (!/^[0-9a-f]{16}$/.test(handle)) return null
  const ended = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`left(${sessions.id}, 16) = ${handle}`))
  if (!ended.length) return null
  // Through the one way sessions end: that session's open sockets close at once, on every process.
  await revokeSessionsNow({ sessionId: ended.map((r) => r.id) }, 'logout')
  const current = new Set(sessionLookupIds(currentToken) ?? [])
  return { wasCurrent: ended.some((r) => current.has(r.id)) }
}

/** "Log out everywhere": ends every session of the member, this one included. */
export async function destroyAllSessions(userId: number): Promise<void> {
  await revokeSessionsNow({ userId }, 'logout_everywhere')
}

/** The stored id of a session token (to keep the current session when ending the others). */
export function storedSessionId(token: string): string {
  return sessionIdFor(token)
}
