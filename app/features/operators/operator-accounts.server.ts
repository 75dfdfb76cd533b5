import crypto from 'node:crypto'
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { operatorRecoveryCodes, operators, type OperatorRole } from '#db/schema/index'
import { hashPassword, verifyPassword } from '#app/features/authentication/passwords.server'
import { recordAudit } from './audit.server'
import { decryptSecret, encryptSecret, matchTotp, needsReencryption, newTotpSecret, reencryptSecret } from './totp.server'

// Wrong passwords or codes in a row before the account locks, and for how long.
export const MAX_FAILURES = 5
export const LOCK_MINUTES = 15
const RECOVERY_CODES = 10

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

export async function createOperator(input: { email: string; name: string; role: OperatorRole; password: string }, by: OperatorIdentity | null = null): Promise<number> {
  const passwordHash = await hashPassword(input.password)
  return db().transaction(async (tx) => {
    const [row] = await tx.insert(operators).values({ email: input.email.trim(), name: input.name.trim(), role: input.role, passwordHash }).returning({ id: operators.id })
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

/**
 * Takes one attempt BEFORE a password or code is checked. The count and the decision are one atomic step: the update
 * only passes while the operator is unlocked and under MAX_FAILURES, so of many guesses sent at once at most
 * MAX_FAILURES are checked (reading the lock first and counting after the check let them all through).
 */
async function admit(o: Operator): Promise<{ attempt: number } | { locked: number }> {
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

/** A checked attempt that failed; the MAX_FAILURES-th in a row locks the account for LOCK_MINUTES. */
async function countFailure(o: Operator, attempt: number): Promise<LoginOutcome> {
  await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.login_failed', target: { type: 'operator', id: o.id } })
  if (attempt < MAX_FAILURES) return { kind: 'failed' }
  await db()
    .update(operators)
    .set({ failedAttempts: 0, lockedUntil: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
    .where(eq(operators.id, o.id))
  await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.locked', target: { type: 'operator', id: o.id } })
  return { kind: 'locked', minutes: LOCK_MINUTES }
}

/** The right password gives back the attempt it took: failures in a row count wrong passwords and codes only. */
async function giveBack(o: Operator): Promise<void> {
  await db()
    .update(operators)
    .set({ failedAttempts: sql`greatest(${operators.failedAttempts} - 1, 0)` })
    .where(eq(operators.id, o.id))
}

// A hash to verify against when the e-mail is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined

/** The first factor. A disabled or unknown operator fails like a wrong password. */
export async function checkPassword(email: string, password: string): Promise<LoginOutcome> {
  const o = await operatorByEmail(email)
  if (!o || o.disabledAt) {
    await verifyPassword(await (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))), password)
    return { kind: 'failed' }
  }
  const admission = await admit(o)
  if ('locked' in admission) return { kind: 'locked', minutes: admission.locked }
  if (!(await verifyPassword(o.passwordHash, password))) return countFailure(o, admission.attempt)
  await giveBack(o)
  return { kind: 'ok', operator: o }
}

const hashCode = (code: string) => crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex')

/**
 * The second factor: a TOTP code (each 30-second step accepted once) or an unused recovery code. Failures count
 * towards the same lockout as wrong passwords.
 */
export async function checkSecondFactor(operatorId: number, code: string): Promise<LoginOutcome> {
  const o = await operatorById(operatorId)
  if (!o || o.disabledAt || !o.totpSecret || !o.totpEnabledAt) return { kind: 'failed' }
  const admission = await admit(o)
  if ('locked' in admission) return { kind: 'locked', minutes: admission.locked }
  const trimmed = code.replace(/\s/g, '')
  const step = await matchTotp(decryptSecret(o.totpSecret), trimmed)
  if (step !== null) {
    // Only a newer step than the last accepted one: a code seen over someone's shoulder cannot be used again.
    const [used] = await db()
      .update(operators)
      .set({ totpLastStep: step, failedAttempts: 0 })
      .where(and(eq(operators.id, o.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id })
    if (!used) return countFailure(o, admission.attempt)
    await reencryptIfOld(o.id, o.totpSecret)
    return { kind: 'ok', operator: o }
  }
  const [recovered] = await db()
    .update(operatorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(operatorRecoveryCodes.operatorId, o.id), eq(operatorRecoveryCodes.codeHash, hashCode(trimmed)), isNull(operatorRecoveryCodes.usedAt)))
    .returning({ id: operatorRecoveryCodes.id })
  if (recovered) {
    await db().update(operators).set({ failedAttempts: 0 }).where(eq(operators.id, o.id))
    await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.recovery_code_used', target: { type: 'operator', id: o.id } })
    return { kind: 'ok', operator: o }
  }
  return countFailure(o, admission.attempt)
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
  await db().update(operators).set({ totpSecret: encryptSecret(secret) }).where(eq(operators.id, operatorId))
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
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = crypto.randomBytes(6).toString('hex')
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`
  })
  await db().transaction(async (tx) => {
    await tx.update(operators).set({ totpEnabledAt: sql`now()`, totpLastStep: step, failedAttempts: 0 }).where(eq(operators.id, operatorId))
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId))
    await tx.insert(operatorRecoveryCodes).values(codes.map((c) => ({ operatorId, codeHash: hashCode(c) })))
    await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.totp_enrolled', target: { type: 'operator', id: o.id } }, tx)
  })
  return codes
}
