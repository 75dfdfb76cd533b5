import crypto from 'node:crypto'
import { currentKey } from '#app/lib/keys.server'

// The proof, handed from a login's first step to its second, that the password was right: `userId.expiresAt.mac`,
// an HMAC keyed by this use's own key (keys per purpose; a rotation voids the few minutes' challenges in flight). It opens nothing by itself: the second
// step still needs a code, and wrong codes count towards the lockout.
const TTL_S = 300
const key = () => currentKey('login-challenge').key
const mac = (data: string) => crypto.createHmac('sha256', key()).update(data).digest('base64url')

export function issueChallenge(userId: number, now = Date.now()): string {
  const data = `${userId}.${Math.floor(now / 1000) + TTL_S}`
  return `${data}.${mac(data)}`
}

/** The member of a valid, unexpired challenge, or null. */
export function challengeUser(challenge: string, now = Date.now()): number | null {
  const parts = challenge.split('.')
  if (parts.length !== 3 || !/^\d{1,9}$/.test(parts[0]) || !/^\d{1,12}$/.test(parts[1])) return null
  const expected = Buffer.from(mac(`${parts[0]}.${parts[1]}`))
  const given = Buffer.from(parts[2])
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
  return Number(parts[1]) * 1000 < now ? null : Number(parts[0])
}
