import { clearCookieHeader, setCookieHeader } from '#app/lib/http.server'
import { createSession, destroySession, SESSION_COOKIE, SESSION_MAX_AGE_S } from './sessions.server'

/** Logs a user in: a fresh session (never reuse one from before login) and its Set-Cookie header. */
export async function startSession(userId: number, previousToken: string | null, userAgent: string | null): Promise<string> {
  if (previousToken) await destroySession(previousToken)
  const token = await createSession(userId, userAgent)
  return setCookieHeader(SESSION_COOKIE, token, SESSION_MAX_AGE_S)
}

export async function endSession(token: string | null): Promise<string> {
  await destroySession(token)
  return clearCookieHeader(SESSION_COOKIE)
}
