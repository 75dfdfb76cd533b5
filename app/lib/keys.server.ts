import crypto from 'node:crypto'
import { env } from './env.server'
import { sessionSecret } from './secrets.server'

/**
 * One key per purpose, derived with HKDF-SHA256 from the master secret (SESSION_SECRET), so that a value made for
 * one purpose never verifies or decrypts as another, and a leak of one derived key opens only its own purpose
 * (docs/decisions/029-keys-per-purpose.md). The master before the last rotation, SESSION_SECRET_PREVIOUS, is read
 * alongside: what was made under it still verifies and decrypts (docs/operations.md, "Rotating SESSION_SECRET").
 */
export type KeyPurpose = 'session' | 'operator-session' | 'totp' | 'signed-link' | 'direct-debit' | 'login-challenge' | 'log-client'

/** A derived key and the id stored with what it makes: a fingerprint of its master secret, never the secret. */
export interface PurposeKey {
  id: string
  key: Buffer
}

/**
 * The key id of values made before keys were derived per purpose (they carry no key id): their key was computed
 * from the raw secret, each purpose its own way (see the purposes' `legacyKey`).
 */
export const LEGACY_KEY_ID = '0'

// A fixed, public salt: HKDF's extract step with a salt of its own for this product; the secret is the master.
const SALT = Buffer.from('amoura keys per purpose v1')

function derive(master: string, info: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, SALT, info, 32))
}

const fingerprints = new Map<string, string>()
/** 8 hex characters that tell masters apart (32 bits of a derived value: nothing of the secret can be read back). */
export function masterKeyId(master: string): string {
  let id = fingerprints.get(master)
  if (!id) {
    id = derive(master, 'key-id').toString('hex').slice(0, 8)
    fingerprints.set(master, id)
  }
  return id
}

/** The master secrets, current first, then the previous one when SESSION_SECRET_PREVIOUS is set. */
export function masterSecrets(): string[] {
  const previous = env().SESSION_SECRET_PREVIOUS
  const current = sessionSecret()
  return previous && previous !== current ? [current, previous] : [current]
}

const derived = new Map<string, Buffer>()
/** The key of one purpose under one master secret. */
export function purposeKeyOf(purpose: KeyPurpose, master: string): Buffer {
  const memo = `${purpose}\u0000${master}`
  let key = derived.get(memo)
  if (!key) {
    key = derive(master, `purpose:${purpose}`)
    derived.set(memo, key)
  }
  return key
}

/** The key that makes new values of a purpose. */
export function currentKey(purpose: KeyPurpose): PurposeKey {
  const master = masterSecrets()[0]
  return { id: masterKeyId(master), key: purposeKeyOf(purpose, master) }
}

/** Every key that may have made a stored value of a purpose: the current one first, then the previous one. */
export function readableKeys(purpose: KeyPurpose): PurposeKey[] {
  return masterSecrets().map((master) => ({ id: masterKeyId(master), key: purposeKeyOf(purpose, master) }))
}

/** The key a stored value names by its id, or null when neither the current nor the previous master made it. */
export function keyById(purpose: KeyPurpose, id: string): Buffer | null {
  return readableKeys(purpose).find((k) => k.id === id)?.key ?? null
}

/** Values from before keys per purpose (key id 0): their key came from the raw secret, current or previous. */
export function legacyKeys<T>(legacyKey: (rawSecret: string) => T): T[] {
  return masterSecrets().map(legacyKey)
}
