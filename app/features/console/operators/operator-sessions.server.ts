import crypto from 'node:crypto'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { operatorSessions } from '#db/schema/index'
import { currentKey, legacyKeys, readableKeys } from '#app/lib/keys.server'
import { parseCookies, serializeCookie } from '#app/lib/cookies'
import { publicUrl } from '#app/lib/env.server'

// Console sessions are short: they end after 30 idle minutes or 10 hours, whichever comes first, and a
// half-done login (password but no code yet) after 5 minutes.
export const OPERATOR_COOKIE = 'osid'
const IDLE_MS = 30 * 60_000
const ABSOLUTE_MS = 10 * 3600_000
const PASSWORD_STAGE_MS = 5 * 60_000

// Stored as the HMAC of the token under the 'operator-session' key (app/lib/keys.server.ts); looked up under the
// current and the previous secret's key, and as stored before keys per purpose (key id 0: the raw secret).
const hmacHex = (key: Buffer | string, token: string) => crypto.createHmac('sha256', key).update(`operator:${token}`).digest('hex')
const idFor = (token: string) => hmacHex(currentKey('operator-session').key, token)
const lookupIds = (token: string) => [...readableKeys('operator-session').map((k) => hmacHex(k.key, token)), ...legacyKeys((raw) => hmacHex(raw, token))]

export function operatorCookie(token: string | null): string {
  const secure = publicUrl()?.startsWith('https://')
  // Path / (the framework's data requests for /admin go to /admin.data, which a Path=/admin cookie would miss);
  // Strict: never sent from another site; HttpOnly: no script reads it. Only /admin routes look at it.
  return serializeCookie(OPERATOR_COOKIE, token ?? '', { maxAge: token ? ABSOLUTE_MS / 1000 : 0, httpOnly: true, secure, sameSite: 'Strict', path: '/' })
}

/** The console session's token in a Cookie header. */
export function operatorToken(cookieHeader: string | null): string | null {
  const t = parseCookies(cookieHeader)[OPERATOR_COOKIE]
  return t && t.length <= 100 ? t : null
}

export async function startOperatorSession(operatorId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .insert(operatorSessions)
    .values({ id: idFor(token), operatorId, stage: 'password', expiresAt: new Date(Date.now() + PASSWORD_STAGE_MS) })
  return token
}

/** After the second factor: the same session becomes full, with a fresh token (no fixation). */
export async function completeOperatorSession(oldToken: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .update(operatorSessions)
    .set({ id: idFor(token), stage: 'full', lastUsedAt: sql`now()`, expiresAt: new Date(Date.now() + ABSOLUTE_MS) })
    .where(inArray(operatorSessions.id, lookupIds(oldToken)))
  return token
}

/** The live session of a token, touched on use; idle sessions end. */
export async function operatorSession(token: string | null): Promise<{ operatorId: number; stage: 'password' | 'full' } | null> {
  if (!token) return null
  const [row] = await db()
    .select()
    .from(operatorSessions)
    .where(and(inArray(operatorSessions.id, lookupIds(token)), gt(operatorSessions.expiresAt, sql`now()`)))
    .limit(1)
  if (!row) return null
  const id = row.id
  if (row.stage === 'full' && Date.now() - row.lastUsedAt.getTime() > IDLE_MS) {
    await db().delete(operatorSessions).where(eq(operatorSessions.id, id))
    return null
  }
  if (Date.now() - row.lastUsedAt.getTime() > 60_000)
    await db()
      .update(operatorSessions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(operatorSessions.id, id))
  return { operatorId: row.operatorId, stage: row.stage }
}

export async function endOperatorSession(token: string | null): Promise<void> {
  if (token)
    await db()
      .delete(operatorSessions)
      .where(inArray(operatorSessions.id, lookupIds(token)))
}
