import crypto from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import { sessionSecret } from '#app/lib/secrets.server'

// TOTP secrets are encrypted at rest (AES-256-GCM, key derived from SESSION_SECRET), so a copy of the database
// alone does not yield the second factor.
function key(): Buffer {
  return crypto.createHash('sha256').update(`totp:${sessionSecret()}`).digest()
}

export function encryptSecret(secret: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv)
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')
}

export function decryptSecret(stored: string): string {
  const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'))
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(), iv)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
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
