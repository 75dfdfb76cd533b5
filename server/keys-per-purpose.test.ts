import crypto from 'node:crypto'
import { generate } from 'otplib'
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useTestDatabase } from '../tests/setup/test-db'
import { createMember } from '../tests/setup/factories'
import { db } from '#db/client.server'
import { directDebitBlocklist, directDebitMandates, operatorSessions, operators, pushSubscriptions, sessions, users } from '#db/schema/index'
import { createSession, sessionIdOf, userIdForSession } from '#app/features/authentication/sessions.server'
import { viewerForSession } from '#app/features/authentication/viewer.server'
import { signLink, verifyLink } from '#app/lib/signed-links.server'
import { decryptSecret, encryptSecret, needsReencryption } from '#app/features/authentication/totp.server'
import { beginEnrolment, checkSecondFactor, confirmEnrolment, createOperator } from '#app/features/console/operators/operator-accounts.server'
import { operatorSession, startOperatorSession } from '#app/features/console/operators/operator-sessions.server'
import { blockForDirectDebit, startDirectDebit, valueHash } from '#app/features/billing/direct-debit.server'
import { setSmsSender } from '#app/adapters/sms/index.server'
import { rekeyStoredSecrets } from '#app/features/operations/rekey.server'
import { resetEnvCache } from '#app/lib/env.server'
import { currentKey, masterKeyId, purposeKeyOf, type KeyPurpose } from '#app/lib/keys.server'

useTestDatabase()

// Two master secrets: the site's before (A) and after (B) a rotation.
const A = 'first-master-secret-0123456789-abcdefghijklmnop'
const B = 'second-master-secret-9876543210-zyxwvutsrqponml'
const saved = { current: process.env.SESSION_SECRET, previous: process.env.SESSION_SECRET_PREVIOUS }

function useSecrets(current: string, previous?: string): void {
  process.env.SESSION_SECRET = current
  if (previous) process.env.SESSION_SECRET_PREVIOUS = previous
  else delete process.env.SESSION_SECRET_PREVIOUS
  resetEnvCache()
}
const rotate = () => useSecrets(B, A)

beforeEach(() => useSecrets(A))
afterEach(() => {
  for (const [k, v] of [
    ['SESSION_SECRET', saved.current],
    ['SESSION_SECRET_PREVIOUS', saved.previous],
  ] as const) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  resetEnvCache()
  setSmsSender(undefined)
})

const hmacHex = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest('hex')

// What the code before keys per purpose stored (key id 0), copied from it: these values exist in databases and
// e-mails today and must still be read.
const legacy = {
  sessionId: (raw: string, token: string) => hmacHex(raw, token),
  operatorSessionId: (raw: string, token: string) => hmacHex(raw, `operator:${token}`),
  totp(raw: string, secret: string): string {
    const key = crypto.createHash('sha256').update(`totp:${raw}`).digest()
    const iv = crypto.randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')
  },
  link(raw: string, purpose: string, userId: number, arg: string): string {
    const key = crypto.createHmac('sha256', raw).update('signed-links:v1').digest()
    const data = `${purpose}.${userId}.${arg}.0`
    return `${data}.${crypto.createHmac('sha256', key).update(data).digest('base64url').slice(0, 32)}`
  },
  valueHash(raw: string, kind: 'iban' | 'phone', normalised: string): string {
    const key = crypto.createHmac('sha256', raw).update('direct-debit:v1').digest()
    return hmacHex(key, `${kind}:${normalised}`)
  },
}

async function storedSessionIds(): Promise<string[]> {
  return (await db().select({ id: sessions.id }).from(sessions)).map((r) => r.id)
}

const form = {
  account_holder: 'Anna de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '+31612345678',
}
let checkoutKeys = 0
const checkout = () => ({ bundleId: 's', code: null, key: `keys-${++checkoutKeys}` })

describe('keys per purpose', () => {
  it('derives a different key for every purpose, none of them the master secret', () => {
    const purposes: KeyPurpose[] = ['session', 'operator-session', 'totp', 'signed-link', 'direct-debit']
    const keys = purposes.map((p) => purposeKeyOf(p, A).toString('hex'))
    expect(new Set(keys).size).toBe(purposes.length)
    for (const k of keys) expect(k).not.toContain(Buffer.from(A).toString('hex'))
    // Another master gives other keys and another key id; the key id is not the secret.
    expect(purposeKeyOf('session', B).equals(purposeKeyOf('session', A))).toBe(false)
    expect(masterKeyId(A)).toMatch(/^[0-9a-f]{8}$/)
    expect(masterKeyId(A)).not.toBe(masterKeyId(B))
  })

  it('a session HMAC does not verify as a signed link, nor is it a blocklist hash', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    const [stored] = await storedSessionIds()
    expect(stored).toBe(hmacHex(purposeKeyOf('session', A), token))
    // The attack: the same HMAC under one key for everything would let a value of one purpose pass as another.
    const data = `unsubscribe.${m.userId}.messages.0`
    const forged = `${data}.${currentKey('signed-link').id}.${Buffer.from(hmacHex(purposeKeyOf('session', A), data), 'hex')
      .toString('base64url')
      .slice(0, 32)}`
    expect(verifyLink('unsubscribe', forged)).toBeNull()
    expect(verifyLink('unsubscribe', signLink('unsubscribe', m.userId, 'messages'))).toEqual({ userId: m.userId, arg: 'messages' })
    expect(valueHash('iban', 'NL91ABNA0417164300')).not.toBe(hmacHex(purposeKeyOf('session', A), 'iban:NL91ABNA0417164300'))
    // The TOTP key is not the session key either: a ciphertext made with the session key does not open.
    const iv = crypto.randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', purposeKeyOf('session', A), iv)
    const sealed = Buffer.concat([cipher.update('JBSWY3DPEHPK3PXP', 'utf8'), cipher.final()])
    const stolen = ['v1', currentKey('totp').id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.')
    expect(() => decryptSecret(stolen)).toThrow()
  })

  it('names the key in what it stores: TOTP ciphertexts and signed links carry the key id', () => {
    const id = masterKeyId(A)
    expect(encryptSecret('JBSWY3DPEHPK3PXP').startsWith(`v1.${id}.`)).toBe(true)
    expect(signLink('unsubscribe', 7, 'likes').split('.')).toHaveLength(6)
    expect(signLink('unsubscribe', 7, 'likes').split('.')[4]).toBe(id)
    // A link naming a key that does not exist is refused, not tried with other keys.
    const parts = signLink('unsubscribe', 7, 'likes').split('.')
    parts[4] = 'deadbeef'
    expect(verifyLink('unsubscribe', parts.join('.'))).toBeNull()
  })
})

describe('rotating SESSION_SECRET with SESSION_SECRET_PREVIOUS', () => {
  it('keeps sessions: found under the previous key, moved to the current one with their push subscriptions', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    await db()
      .insert(pushSubscriptions)
      .values({ userId: m.userId, sessionId: sessionIdOf(token)!, endpoint: 'https://push.example.test/1', p256dh: 'k', auth: 'a' })
    rotate()
    expect((await viewerForSession(token))?.userId).toBe(m.userId)
    expect(await storedSessionIds()).toEqual([hmacHex(purposeKeyOf('session', B), token)])
    const [sub] = await db().select({ sessionId: pushSubscriptions.sessionId }).from(pushSubscriptions)
    expect(sub.sessionId).toBe(sessionIdOf(token))
    // Once moved, the previous secret is no longer needed for it.
    useSecrets(B)
    expect(await userIdForSession(token)).toBe(m.userId)
  })

  it('without SESSION_SECRET_PREVIOUS a new secret ends the sessions (what a rotation without it did)', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    useSecrets(B)
    expect(await userIdForSession(token)).toBeNull()
  })

  it('keeps operators’ second factors: decrypts under the previous key and re-encrypts under the current one at the next login', async () => {
    const id = await createOperator({ email: 'rotation@ops.test', name: 'Op', role: 'admin', password: 'correct-horse-battery' })
    const secret = await beginEnrolment(id)
    expect(await confirmEnrolment(id, await generate({ secret }))).not.toBeNull()
    const [before] = await db().select({ s: operators.totpSecret }).from(operators).where(eq(operators.id, id))
    rotate()
    expect(decryptSecret(before.s!)).toBe(secret)
    expect(needsReencryption(before.s!)).toBe(true)
    // The enrolment used this step, and only the current step is accepted: the login comes a step later.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 30_000)
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) })
    try {
      expect((await checkSecondFactor(id, code)).kind).toBe('ok')
    } finally {
      vi.useRealTimers()
    }
    const [after] = await db().select({ s: operators.totpSecret }).from(operators).where(eq(operators.id, id))
    expect(after.s!.startsWith(`v1.${masterKeyId(B)}.`)).toBe(true)
    useSecrets(B)
    expect(decryptSecret(after.s!)).toBe(secret)
  })

  it('keeps signed links of e-mails already sent', async () => {
    const link = signLink('unsubscribe', 42, 'messages')
    rotate()
    expect(verifyLink('unsubscribe', link)).toEqual({ userId: 42, arg: 'messages' })
    useSecrets(B)
    expect(verifyLink('unsubscribe', link)).toBeNull()
  })

  it('keeps the direct debit blocklist, and stores an entry found under the previous key again under the current one', async () => {
    setSmsSender({ async send() {} })
    await blockForDirectDebit('iban', 'NL91ABNA0417164300', 'chargebacks')
    rotate()
    const m = await createMember()
    expect(await startDirectDebit(m.userId, form, checkout())).toEqual({ ok: false, reason: 'blocked' })
    const [row] = await db().select().from(directDebitBlocklist)
    expect(row).toMatchObject({ valueHash: valueHash('iban', 'NL91ABNA0417164300'), reason: 'chargebacks' })
    useSecrets(B)
    expect(await startDirectDebit(m.userId, form, checkout())).toEqual({ ok: false, reason: 'blocked' })
  })

  it('keeps console sessions', async () => {
    const id = await createOperator({ email: 'console@ops.test', name: 'Op', role: 'admin', password: 'correct-horse-battery' })
    const token = await startOperatorSession(id)
    rotate()
    expect(await operatorSession(token)).toEqual({ operatorId: id, stage: 'password' })
  })
})

describe('values stored before keys per purpose (key id 0)', () => {
  it('reads a session stored as the HMAC of the raw secret, and moves it to the current key', async () => {
    const m = await createMember()
    const token = crypto.randomBytes(32).toString('base64url')
    await db()
      .insert(sessions)
      .values({ id: legacy.sessionId(A, token), userId: m.userId, expiresAt: new Date(Date.now() + 86400_000) })
    expect(await userIdForSession(token)).toBe(m.userId)
    expect(await storedSessionIds()).toEqual([hmacHex(purposeKeyOf('session', A), token)])
  })

  it('reads them after a rotation too: the previous secret’s key id 0', async () => {
    const m = await createMember()
    const token = crypto.randomBytes(32).toString('base64url')
    await db()
      .insert(sessions)
      .values({ id: legacy.sessionId(A, token), userId: m.userId, expiresAt: new Date(Date.now() + 86400_000) })
    const oldCipher = legacy.totp(A, 'JBSWY3DPEHPK3PXP')
    const oldLink = legacy.link(A, 'unsubscribe', 42, 'likes')
    rotate()
    expect((await viewerForSession(token))?.userId).toBe(m.userId)
    expect(decryptSecret(oldCipher)).toBe('JBSWY3DPEHPK3PXP')
    expect(verifyLink('unsubscribe', oldLink)).toEqual({ userId: 42, arg: 'likes' })
  })

  it('decrypts a TOTP secret, verifies a signed link, matches a blocklist hash and a console session', async () => {
    expect(decryptSecret(legacy.totp(A, 'JBSWY3DPEHPK3PXP'))).toBe('JBSWY3DPEHPK3PXP')
    expect(needsReencryption(legacy.totp(A, 'JBSWY3DPEHPK3PXP'))).toBe(true)
    expect(verifyLink('unsubscribe', legacy.link(A, 'unsubscribe', 42, 'likes'))).toEqual({ userId: 42, arg: 'likes' })
    // Made under another secret: refused.
    expect(verifyLink('unsubscribe', legacy.link(B, 'unsubscribe', 42, 'likes'))).toBeNull()
    expect(() => decryptSecret(legacy.totp(B, 'JBSWY3DPEHPK3PXP'))).toThrow()

    setSmsSender({ async send() {} })
    await db()
      .insert(directDebitBlocklist)
      .values({ kind: 'phone', valueHash: legacy.valueHash(A, 'phone', '+31612345678') })
    const m = await createMember()
    expect(await startDirectDebit(m.userId, form, checkout())).toEqual({ ok: false, reason: 'blocked' })

    const id = await createOperator({ email: 'legacy@ops.test', name: 'Op', role: 'admin', password: 'correct-horse-battery' })
    const token = crypto.randomBytes(32).toString('base64url')
    await db()
      .insert(operatorSessions)
      .values({ id: legacy.operatorSessionId(A, token), operatorId: id, stage: 'full', expiresAt: sql`now() + interval '1 hour'` })
    expect(await operatorSession(token)).toEqual({ operatorId: id, stage: 'full' })
  })
})

describe('npm run keys:rekey', () => {
  it('re-encrypts TOTP secrets and redoes mandate phone hashes under the current key, so the previous secret can go', async () => {
    setSmsSender({ async send() {} })
    const m = await createMember()
    expect(await startDirectDebit(m.userId, form, checkout())).toMatchObject({ ok: true })
    const id = await createOperator({ email: 'rekey@ops.test', name: 'Op', role: 'admin', password: 'correct-horse-battery' })
    const secret = await beginEnrolment(id)
    const legacyId = await createOperator({ email: 'rekey-old@ops.test', name: 'Op', role: 'admin', password: 'correct-horse-battery' })
    await db()
      .update(operators)
      .set({ totpSecret: legacy.totp(A, 'JBSWY3DPEHPK3PXP') })
      .where(eq(operators.id, legacyId))
    const lost = await createOperator({ email: 'rekey-lost@ops.test', name: 'Op', role: 'admin', password: 'correct-horse-battery' })
    await db()
      .update(operators)
      .set({ totpSecret: legacy.totp('a-secret-nobody-has-any-more-0123456789', 'JBSWY3DPEHPK3PXP') })
      .where(eq(operators.id, lost))
    // A member's second factor (issue 24, point 17) is kept the same way.
    const memberSecret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU'
    await db()
      .update(users)
      .set({ totpSecret: encryptSecret(memberSecret) })
      .where(eq(users.id, m.userId))
    rotate()
    expect(await rekeyStoredSecrets()).toEqual({ totpReencrypted: 3, totpUnreadable: 1, mandatePhonesRehashed: 1 })
    expect(await rekeyStoredSecrets()).toEqual({ totpReencrypted: 0, totpUnreadable: 1, mandatePhonesRehashed: 0 })
    useSecrets(B)
    const rows = await db().select({ id: operators.id, s: operators.totpSecret }).from(operators)
    expect(decryptSecret(rows.find((r) => r.id === id)!.s!)).toBe(secret)
    expect(decryptSecret(rows.find((r) => r.id === legacyId)!.s!)).toBe('JBSWY3DPEHPK3PXP')
    const [member] = await db().select({ s: users.totpSecret }).from(users).where(eq(users.id, m.userId))
    expect(decryptSecret(member.s!)).toBe(memberSecret)
    const [mandate] = await db().select({ phoneHash: directDebitMandates.phoneHash }).from(directDebitMandates)
    expect(mandate.phoneHash).toBe(valueHash('phone', '+31612345678'))
  })
})
