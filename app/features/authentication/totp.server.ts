import crypto from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import { currentKey, keyById, legacyKeys } from '#app/lib/keys.server'

// TOTP secrets are encrypted at rest (AES-256-GCM under the 'totp' key derived from SESSION_SECRET), so a copy of
// the database alone does not yield the second factor. A ciphertext names the key that made it:
//   v1.<key id>.<iv>.<tag>.<data>   (app/lib/keys.server.ts; readable while its master is current or previous)
//   <iv>.<tag>.<data>               before keys per purpose: key id 0, a SHA-256 of the raw secret
// so rotating SESSION_SECRET (with SESSION_SECRET_PREVIOUS) keeps every second factor (docs/operations.md).

const legacyKey = (rawSecret: string) => crypto.createHash('sha256').update(`totp:${rawSecret}`).digest()
const b64 = (b: Buffer) => b.toString('base64url')

export function encryptSecret(secret: string): string {
  const { id, key } = currentKey('totp')
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', id, b64(iv), b64(cipher.getAuthTag()), b64(data)].join('.')
}

function open(key: Buffer, [iv, tag, data]: Buffer[]): string {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
}

/** Throws when no key at hand (current, previous, or key id 0 of either) made the ciphertext. */
export function decryptSecret(stored: string): string {
  const parts = stored.split('.')
  if (parts.length === 5 && parts[0] === 'v1') {
    const key = keyById('totp', parts[1])
    if (!key) throw new Error('TOTP secret encrypted under a key that is neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS')
    return open(
      key,
      parts.slice(2).map((p) => Buffer.from(p, 'base64url')),
    )
  }
  if (parts.length !== 3) throw new Error('not an encrypted TOTP secret')
  // Key id 0: the authentication tag tells which raw secret made it.
  const sealed = parts.map((p) => Buffer.from(p, 'base64url'))
  for (const key of legacyKeys(legacyKey)) {
    try {
      return open(key, sealed)
    } catch {
      // not this one
    }
  }
  throw new Error('TOTP secret encrypted under a secret that is neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS')
}

/** True when a stored ciphertext is not under the current key (from before keys per purpose, or the previous secret). */
export function needsReencryption(stored: string): boolean {
  const parts = stored.split('.')
  return !(parts.length === 5 && parts[0] === 'v1' && parts[1] === currentKey('totp').id)
}

/** The ciphertext under the current key of what `stored` holds (the lazy re-encryption and `npm run keys:rekey`). */
export function reencryptSecret(stored: string): string {
  return encryptSecret(decryptSecret(stored))
}

export function newTotpSecret(): string {
  return generateSecret()
}

/** The otpauth:// address an authenticator app reads from the enrolment QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return generateURI({ secret, label: account, issuer })
}

/**
 * Checks a 6-digit code of the current 30-second step only (issue 24: a tolerance of a step either side tripled the
 * codes an onlooker or a guesser could use). Returns the time step it matched, so the caller can refuse the same step
 * again (no replay), or null.
 */
export async function matchTotp(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const result = await verify({ secret, token: code, epochTolerance: 0 })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}
