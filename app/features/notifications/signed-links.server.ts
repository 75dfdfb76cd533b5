import crypto from 'node:crypto'
import { sessionSecret } from '#app/lib/secrets.server'

// Links that act without a login (unsubscribe, confirm the address after a bounce) carry their own proof: an
// HMAC of what they do, keyed by a secret derived from SESSION_SECRET for this one use.
const key = () => crypto.createHmac('sha256', sessionSecret()).update('signed-links:v1').digest()

function mac(data: string): string {
  return crypto.createHmac('sha256', key()).update(data).digest('base64url').slice(0, 32)
}

/** `purpose.userId.arg.expiresAt.mac`, URL-safe. `ttlS` 0 means it never expires (unsubscribe links must not). */
export function signLink(purpose: string, userId: number, arg: string, ttlS = 0, now = Date.now()): string {
  const expires = ttlS ? Math.floor(now / 1000) + ttlS : 0
  const data = `${purpose}.${userId}.${arg}.${expires}`
  return `${data}.${mac(data)}`
}

/** The user id and argument of a valid, unexpired link of this purpose; null for anything else. */
export function verifyLink(purpose: string, token: string | null | undefined, now = Date.now()): { userId: number; arg: string } | null {
  if (!token || token.length > 200) return null
  const parts = token.split('.')
  if (parts.length !== 5) return null
  const [p, user, arg, expires, given] = parts
  const expected = mac(parts.slice(0, 4).join('.'))
  if (given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null
  if (p !== purpose || !/^\d{1,9}$/.test(user) || !/^\d{1,12}$/.test(expires)) return null
  if (Number(expires) && Number(expires) < now / 1000) return null
  return { userId: Number(user), arg }
}
