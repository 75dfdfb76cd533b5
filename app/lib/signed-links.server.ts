import crypto from 'node:crypto'
import { currentKey, keyById, legacyKeys } from '#app/lib/keys.server'

// Links that act without a login (unsubscribe, confirm the address after a bounce) carry their own proof: an
// HMAC of what they do, under the 'signed-link' key derived from SESSION_SECRET (app/lib/keys.server.ts). A link
// names the key that signed it, so links in e-mails already sent keep working after a rotation of SESSION_SECRET
// while the old secret is SESSION_SECRET_PREVIOUS; links from before keys per purpose carry no key id (key id 0:
// keyed by an HMAC of the raw secret), and unsubscribe links never expire, so those are still read.
const legacyKey = (rawSecret: string) => crypto.createHmac('sha256', rawSecret).update('signed-links:v1').digest()

function mac(key: Buffer, data: string): string {
  return crypto.createHmac('sha256', key).update(data).digest('base64url').slice(0, 32)
}

const sameMac = (given: string, expected: string) => given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))

/** `purpose.userId.arg.expiresAt.keyId.mac`, URL-safe. `ttlS` 0 means it never expires (unsubscribe links must not). */
export function signLink(purpose: string, userId: number, arg: string, ttlS = 0, now = Date.now()): string {
  const expires = ttlS ? Math.floor(now / 1000) + ttlS : 0
  const data = `${purpose}.${userId}.${arg}.${expires}`
  const { id, key } = currentKey('signed-link')
  return `${data}.${id}.${mac(key, data)}`
}

/** Whether the MAC of a link is right under the key it names (or, without a key id, under a key of id 0). */
function macHolds(data: string, keyId: string | null, given: string): boolean {
  if (keyId === null) return legacyKeys(legacyKey).some((key) => sameMac(given, mac(key, data)))
  const key = keyById('signed-link', keyId)
  return key !== null && sameMac(given, mac(key, data))
}

/** The user id and argument of a valid, unexpired link of this purpose; null for anything else. */
export function verifyLink(purpose: string, token: string | null | undefined, now = Date.now()): { userId: number; arg: string } | null {
  if (!token || token.length > 200) return null
  const parts = token.split('.')
  if (parts.length !== 5 && parts.length !== 6) return null
  const [p, user, arg, expires] = parts
  const keyId = parts.length === 6 ? parts[4] : null
  if (!macHolds(parts.slice(0, 4).join('.'), keyId, parts[parts.length - 1])) return null
  if (p !== purpose || !/^\d{1,9}$/.test(user) || !/^\d{1,12}$/.test(expires)) return null
  if (Number(expires) && Number(expires) < now / 1000) return null
  return { userId: Number(user), arg }
}
