import crypto from 'node:crypto'
import { db } from '#db/client.server'
import { sessions } from '#db/schema/index'
import { sessionSecret } from '#app/lib/secrets.server'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { revokeSessionsNow } from './revoke-sessions.server'

export const SESSION_COOKIE = 'sid'
export const SESSION_MAX_AGE_S = 30 * 24 * 3600

function sessionIdFor(token: string): string {
  return crypto.createHmac('sha256', sessionSecret()).update(token).digest('hex')
}

/** Starts a session and returns the token for the cookie; only its HMAC is stored. */
export async function createSession(userId: number, userAgent?: string | null): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .insert(sessions)
    .values({
      id: sessionIdFor(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
      userAgent: userAgent?.slice(0, 200) ?? null,
    })
  return token
}

/** The user id a live session token belongs to, or null. */
export async function userIdForSession(token: string | undefined | null): Promise<number | null> {
  const id = sessionIdOf(token)
  if (!id) return null
  const [row] = await db()
    .select({ userId: sessions.userId, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
  if (!row) return null
  await touchSession(id, row.lastUsedAt)
  return row.userId
}

/** The stored id of a plausible session token, or null. */
export function sessionIdOf(token: string | undefined | null): string | null {
  return token && token.length <= 100 ? sessionIdFor(token) : null
}

/** Marks a session used, at most every 10 minutes, to keep session reads from becoming writes. */
export async function touchSession(id: string, lastUsedAt: Date): Promise<void> {
  if (Date.now() - lastUsedAt.getTime() > 10 * 60_000) {
    await db().update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, id))
  }
}

/** Logout: ends this session (its sockets close at once, revoke-sessions.server.ts). */
export async function destroySession(token: string | undefined | null): Promise<void> {
  const id = sessionIdOf(token)
  if (!id) return
  await revokeSessionsNow({ sessionId: id }, 'logout')
}

export async function destroyExpiredSessions(): Promise<void> {
  await db().delete(sessions).where(lt(sessions.expiresAt, sql`now()`))
}

export interface SessionInfo {
  id: string
  createdAt: string
  lastUsedAt: string
  userAgent: string | null
  current: boolean
}

/** The member's live sessions, newest use first; `id` is an opaque handle for ending one. */
export async function listSessions(userId: number, currentToken: string | null): Promise<SessionInfo[]> {
  const current = currentToken ? sessionIdFor(currentToken) : null
  const rows = await db()
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`${sessions.lastUsedAt} desc`)
  return rows.map((r) => ({ id: r.id.slice(0, 16), createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt.toISOString(), userAgent: r.userAgent, current: r.id === current }))
}

/** "Log out everywhere": ends every session of the member, this one included. */
export async function destroyAllSessions(userId: number): Promise<void> {
  await revokeSessionsNow({ userId }, 'logout_everywhere')
}

/** The stored id of a session token (to keep the current session when ending the others). */
export function storedSessionId(token: string): string {
  return sessionIdFor(token)
}
