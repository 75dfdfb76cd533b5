import { countryOfIp } from '#app/adapters/geoip/country-by-ip.server'
import { clearCookieHeader, setCookieHeader } from '#app/lib/http.server'
import { createSession, destroySession, SESSION_COOKIE, SESSION_MAX_AGE_S } from './sessions.server'

/**
 * Logs a user in: a fresh session (never reuse one from before login) and its Set-Cookie header. The client's address
 * only gives the session's country (GeoIP); the address itself is not kept.
 */
export async function startSession(userId: number, previousToken: string | null, client: { userAgent: string | null; ip: string | null }): Promise<string> {
  if (previousToken) await destroySession(previousToken)
  const token = await createSession(userId, client.userAgent, countryOfIp(client.ip))
  return setCookieHeader(SESSION_COOKIE, token, SESSION_MAX_AGE_S)
}

export async function endSession(token: string | null): Promise<string> {
  await destroySession(token)
  return clearCookieHeader(SESSION_COOKIE)
}
