import crypto from 'node:crypto'
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { loginFailures, operatorRecoveryCodes, operators, type OperatorRole } from '#db/schema/index'
import { isKnownAddress, rememberAddress } from '#app/features/authentication/known-addresses.server'
import { admitAttempt, releaseAdmission, settleFailure, type Admission } from '#app/features/authentication/login-lockout.server'
import { hashPassword, verifyPassword } from '#app/features/authentication/passwords.server'
import { findRecoveryCode, hashRecoveryCode, isLegacyHash, newRecoveryCodes, wrapLegacyHash } from '#app/features/authentication/recovery-codes.server'
import { recordAudit } from './audit.server'
import { decryptSecret, encryptSecret, matchTotp, needsReencryption, newTotpSecret, reencryptSecret } from '#app/features/authentication/totp.server'

// Wrong passwords or codes in a row before the account locks, and for how long.
export const MAX_FAILURES = 5
export const LOCK_MINUTES = 15

export type Operator = typeof operators.$inferSelect
export interface OperatorIdentity {
  id: number
  name: string
  email: string
  role: OperatorRole
}

export function identityOf(o: Operator): OperatorIdentity {
  return { id: o.id, name: o.name, email: o.email, role: o.role }
}

export async function createOperator(
  input: { email: string; name: string; role: OperatorRole; password: string },
  by: OperatorIdentity | null = null,
): Promise<number> {
  const passwordHash = await hashPassword(input.password)
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({ email: input.email.trim(), name: input.name.trim(), role: input.role, passwordHash })
      .returning({ id: operators.id })
    await recordAudit({ operator: by, action: 'operator.create', target: { type: 'operator', id: row.id }, details: { role: input.role } }, tx)
    return row.id
  })
}

export async function operatorById(id: number): Promise<Operator | null> {
  const [row] = await db().select().from(operators).where(eq(operators.id, id))
  return row ?? null
}

async function operatorByEmail(email: string): Promise<Operator | null> {
  const [row] = await db()
    .select()
    .from(operators)
    .where(sql`lower(${operators.email}) = lower(${email.trim()})`)
  return row ?? null
}

export type LoginOutcome = { kind: 'ok'; operator: Operator } | { kind: 'locked'; minutes: number } | { kind: 'failed' }

function lockedMinutes(o: Operator): number {
  return o.lockedUntil && o.lockedUntil.getTime() > Date.now() ? Math.ceil((o.lockedUntil.getTime() - Date.now()) / 60_000) : 0
}

/** How an attempt is counted: over all addresses on the operator's row, or at an address the operator uses. */
type Admitted = { attempt: number; at?: undefined } | { at: Admission }

/**
 * Takes one attempt BEFORE a password or code is checked. From an address the operator logged in from lately, the
 * count is the operator's at that address (a stranger elsewhere cannot lock them out there, issue 24 point 13);
 * from any other, the operator's over all addresses, as before. Either way the count and the decision are one
 * atomic step: the update only passes while the operator is unlocked and under MAX_FAILURES, so of many guesses
 * sent at once at most MAX_FAILURES are checked.
 */
async function admit(o: Operator, ip?: string): Promise<Admitted | { locked: number }> {
  if (ip && (await isKnownAddress(`operator:${o.id}`, ip))) {
    const at = await admitAttempt([`operator:${o.id}@${ip}`], { max: MAX_FAILURES, minutes: LOCK_MINUTES })
    return at.wait > 0 ? { locked: at.wait } : { at }
  }
  const [row] = await db()
    .update(operators)
    .set({ failedAttempts: sql`${operators.failedAttempts} + 1` })
    .where(and(eq(operators.id, o.id), or(isNull(operators.lockedUntil), lt(operators.lockedUntil, sql`now()`)), lt(operators.failedAttempts, MAX_FAILURES)))
    .returning({ attempt: operators.failedAttempts })
  if (row) return { attempt: row.attempt }
  const current = await operatorById(o.id)
  // No lock yet: the limit's last attempts are being checked right now, and will set it.
  return { locked: (current && lockedMinutes(current)) || LOCK_MINUTES }
}

/** A checked attempt that failed; the MAX_FAILURES-th in a row locks the account (or that address) for LOCK_MINUTES. */
async function countFailure(o: Operator, admitted: Admitted): Promise<LoginOutcome> {
  await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.login_failed', target: { type: 'operator', id: o.id } })
  if (admitted.at) {
    const minutes = await settleFailure(admitted.at)
    if (!minutes) return { kind: 'failed' }
  } else {
    if (admitted.attempt < MAX_FAILURES) return { kind: 'failed' }
    await db()
      .update(operators)
      .set({ failedAttempts: 0, lockedUntil: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
      .where(eq(operators.id, o.id))
  }
  await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.locked', target: { type: 'operator', id: o.id } })
  return { kind: 'locked', minutes: LOCK_MINUTES }
}

/** The right password gives back the attempt it took: failures in a row count wrong passwords and codes only. */
async function giveBack(o: Operator, admitted: Admitted): Promise<void> {
  if (admitted.at) return releaseAdmission(admitted.at)
  await db()
    .update(operators)
    .set({ failedAttempts: sql`greatest(${operators.failedAttempts} - 1, 0)` })
    .where(eq(operators.id, o.id))
}

/** A full login (password and code): failures are forgotten, the address becomes one the operator uses. */
async function succeed(o: Operator, ip?: string): Promise<void> {
  await db().update(operators).set({ failedAttempts: 0 }).where(eq(operators.id, o.id))
  if (!ip) return
  await db()
    .delete(loginFailures)
    .where(eq(loginFailures.key, `operator:${o.id}@${ip}`))
  await rememberAddress(`operator:${o.id}`, ip)
}

// A hash to verify against when the e-mail is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined

/** The first factor. A disabled or unknown operator fails like a wrong password. */
export async function checkPassword(email: string, password: string, ip?: string): Promise<LoginOutcome> {
  const o = await operatorByEmail(email)
  if (!o || o.disabledAt) {
    await verifyPassword(await (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))), password)
    return { kind: 'failed' }
  }
  const admission = await admit(o, ip)
  if ('locked' in admission) return { kind: 'locked', minutes: admission.locked }
  if (!(await verifyPassword(o.passwordHash, password))) return countFailure(o, admission)
  await giveBack(o, admission)
  return { kind: 'ok', operator: o }
}

/**
 * The second factor: a TOTP code of the current step (each 30-second step accepted once) or an unused recovery code
 * (argon2id; codes from before issue 24 are SHA-256 digests, re-hashed here). Failures count towards the same
 * lockout as wrong passwords.
 */
export async function checkSecondFactor(operatorId: number, code: string, ip?: string): Promise<LoginOutcome> {
  const o = await operatorById(operatorId)
  if (!o || o.disabledAt || !o.totpSecret || !o.totpEnabledAt) return { kind: 'failed' }
  const admission = await admit(o, ip)
  if ('locked' in admission) return { kind: 'locked', minutes: admission.locked }
  const trimmed = code.replace(/\s/g, '')
  const step = await matchTotp(decryptSecret(o.totpSecret), trimmed)
  if (step !== null) {
    // Only a newer step than the last accepted one: a code seen over someone's shoulder cannot be used again.
    const [used] = await db()
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, o.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id })
    if (!used) return countFailure(o, admission)
    await reencryptIfOld(o.id, o.totpSecret)
    await succeed(o, ip)
    return { kind: 'ok', operator: o }
  }
  if (await redeemRecoveryCode(o.id, trimmed)) {
    await succeed(o, ip)
    await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.recovery_code_used', target: { type: 'operator', id: o.id } })
    return { kind: 'ok', operator: o }
  }
  return countFailure(o, admission)
}

/** Spends a matching unused recovery code (once, even when two logins race); re-hashes the operator's old SHA-256 ones. */
async function redeemRecoveryCode(operatorId: number, code: string): Promise<boolean> {
  const unused = await db()
    .select({ id: operatorRecoveryCodes.id, codeHash: operatorRecoveryCodes.codeHash })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)))
  const match = await findRecoveryCode(unused, code)
  for (const row of unused.filter((r) => r !== match && isLegacyHash(r.codeHash))) {
    await db()
      .update(operatorRecoveryCodes)
      .set({ codeHash: await wrapLegacyHash(row.codeHash) })
      .where(and(eq(operatorRecoveryCodes.id, row.id), eq(operatorRecoveryCodes.codeHash, row.codeHash)))
  }
  if (!match) return false
  const [spent] = await db()
    .update(operatorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(operatorRecoveryCodes.id, match.id), isNull(operatorRecoveryCodes.usedAt)))
    .returning({ id: operatorRecoveryCodes.id })
  return !!spent
}

/**
 * After a rotation of SESSION_SECRET (or from before keys per purpose), a secret read under an older key is stored
 * again under the current one, so the previous secret can be retired (also `npm run keys:rekey`). Only if unchanged.
 */
async function reencryptIfOld(operatorId: number, stored: string): Promise<void> {
  if (!needsReencryption(stored)) return
  await db()
    .update(operators)
    .set({ totpSecret: reencryptSecret(stored) })
    .where(and(eq(operators.id, operatorId), eq(operators.totpSecret, stored)))
}

/** Starts (or restarts, while not yet confirmed) the enrolment: a new secret, stored encrypted. */
export async function beginEnrolment(operatorId: number): Promise<string> {
  const o = await operatorById(operatorId)
  if (!o) throw new Error('no operator')
  if (o.totpEnabledAt && o.totpSecret) throw new Error('already enrolled')
  const secret = newTotpSecret()
  await db()
    .update(operators)
    .set({ totpSecret: encryptSecret(secret) })
    .where(eq(operators.id, operatorId))
  return secret
}

/** The pending enrolment's secret, to show again (QR and text) until it is confirmed. */
export async function pendingEnrolmentSecret(operatorId: number): Promise<string | null> {
  const o = await operatorById(operatorId)
  return o && o.totpSecret && !o.totpEnabledAt ? decryptSecret(o.totpSecret) : null
}

/** Confirms the enrolment with a first code; returns the recovery codes, shown once, or null for a wrong code. */
export async function confirmEnrolment(operatorId: number, code: string): Promise<string[] | null> {
  const o = await operatorById(operatorId)
  if (!o?.totpSecret || o.totpEnabledAt) return null
  const step = await matchTotp(decryptSecret(o.totpSecret), code.replace(/\s/g, ''))
  if (step === null) return null
  const codes = newRecoveryCodes()
  const hashes = await Promise.all(codes.map(hashRecoveryCode))
  await db().transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step, failedAttempts: 0 })
      .where(eq(operators.id, operatorId))
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId))
    await tx.insert(operatorRecoveryCodes).values(hashes.map((codeHash) => ({ operatorId, codeHash })))
    await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.totp_enrolled', target: { type: 'operator', id: o.id } }, tx)
  })
  return codes
}
