import crypto from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { operatorSessions } from '#db/schema/index'
import { sessionSecret } from '#app/lib/secrets.server'
import { parseCookies, serializeCookie } from '#app/lib/cookies'
import { publicUrl } from '#app/lib/env.server'

// Console sessions are short: they end after 30 idle minutes or 10 hours, whichever comes first, and a
// half-done login (password but no code yet) after 5 minutes.
export const OPERATOR_COOKIE = 'osid'
const IDLE_MS = 30 * 60_000
const ABSOLUTE_MS = 10 * 3600_000
const PASSWORD_STAGE_MS = 5 * 60_000

const idFor = (token: string) => crypto.createHmac('sha256', sessionSecret()).update(`operator:${token}`).digest('hex')

export function operatorCookie(token: string | null): string {
  const secure = publicUrl()?.startsWith('https://')
  // Path / (the framework's data requests for /admin go to /admin.data, which a Path=/admin cookie would miss);
  // Strict: never sent from another site; HttpOnly: no script reads it. Only /admin routes look at it.
  return serializeCookie(OPERATOR_COOKIE, token ?? '', { maxAge: token ? ABSOLUTE_MS / 1000 : 0, httpOnly: true, secure, sameSite: 'Strict', path: '/' })
}

export function operatorToken(request: Request): string | null {
  const t = parseCookies(request.headers.get('cookie'))[OPERATOR_COOKIE]
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
    .where(eq(operatorSessions.id, idFor(oldToken)))
  return token
}

/** The live session of a token, touched on use; idle sessions end. */
export async function operatorSession(token: string | null): Promise<{ operatorId: number; stage: 'password' | 'full' } | null> {
  if (!token) return null
  const id = idFor(token)
  const [row] = await db()
    .select()
    .from(operatorSessions)
    .where(and(eq(operatorSessions.id, id), gt(operatorSessions.expiresAt, sql`now()`)))
  if (!row) return null
  if (row.stage === 'full' && Date.now() - row.lastUsedAt.getTime() > IDLE_MS) {
    await db().delete(operatorSessions).where(eq(operatorSessions.id, id))
    return null
  }
  if (Date.now() - row.lastUsedAt.getTime() > 60_000) await db().update(operatorSessions).set({ lastUsedAt: sql`now()` }).where(eq(operatorSessions.id, id))
  return { operatorId: row.operatorId, stage: row.stage }
}

export async function endOperatorSession(token: string | null): Promise<void> {
  if (token) await db().delete(operatorSessions).where(eq(operatorSessions.id, idFor(token)))
}
