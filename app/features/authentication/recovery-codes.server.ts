import crypto from 'node:crypto'
import { hashPassword, verifyPassword } from './passwords.server'

// Ten one-time codes for a lost authenticator, shown once; members and operators alike.
export const RECOVERY_CODE_COUNT = 10

/** `xxxx-xxxx-xxxx`: 48 random bits, easy to copy by hand. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = crypto.randomBytes(6).toString('hex')
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`
  })
}

/** What a typed code is compared as: no spaces or dashes, lower case. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase()
}

/** A typed value that may be a recovery code at all: 12 hex digits (a TOTP code has 6 digits). */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[0-9a-f]{12}$/.test(normaliseRecoveryCode(code))
}

/** argon2id, as passwords: a copied table does not give the codes away (plain SHA-256 of 48 bits would). */
export function hashRecoveryCode(code: string): Promise<string> {
  return hashPassword(normaliseRecoveryCode(code))
}

const sha256 = (code: string) => crypto.createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex')
const WRAPPED = 'sha256+'

/** True for a hash stored before issue 24: a bare SHA-256 hex digest, to be re-hashed (wrapLegacyHash). */
export const isLegacyHash = (stored: string) => /^[0-9a-f]{64}$/.test(stored)

/**
 * The migration path for codes hashed with SHA-256 before issue 24: their plain text is gone, so the digest itself
 * is hashed with argon2id ('sha256+<argon2id of the digest>'). The codes keep working and the table no longer holds
 * a fast hash of them.
 */
export async function wrapLegacyHash(stored: string): Promise<string> {
  return `${WRAPPED}${await hashPassword(stored)}`
}

/** Whether the typed code is the one behind this stored hash (argon2id, wrapped SHA-256, or a bare digest from before). */
export async function recoveryCodeMatches(stored: string, code: string): Promise<boolean> {
  if (isLegacyHash(stored)) return crypto.timingSafeEqual(Buffer.from(stored), Buffer.from(sha256(code)))
  if (stored.startsWith(WRAPPED)) return verifyPassword(stored.slice(WRAPPED.length), sha256(code))
  return verifyPassword(stored, normaliseRecoveryCode(code))
}

/** The first row whose hash matches the typed code, or null. Only values that look like recovery codes are tried. */
export async function findRecoveryCode<T extends { codeHash: string }>(rows: T[], code: string): Promise<T | null> {
  if (!looksLikeRecoveryCode(code)) return null
  for (const row of rows) if (await recoveryCodeMatches(row.codeHash, code)) return row
  return null
}
