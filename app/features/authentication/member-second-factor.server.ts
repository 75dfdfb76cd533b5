import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { memberRecoveryCodes, users } from '#db/schema/index'
import { decryptSecret, encryptSecret, matchTotp, needsReencryption, newTotpSecret, reencryptSecret } from '#app/features/authentication/totp.server'
import { verifyPassword } from './passwords.server'
import { findRecoveryCode, hashRecoveryCode, newRecoveryCodes } from './recovery-codes.server'

/**
 * The members' optional second factor (issue 24): the console's TOTP (app/features/authentication/totp.server.ts), the
 * current 30-second step only, each step accepted once, and ten one-time recovery codes hashed with argon2id.
 */

async function totpRow(userId: number) {
  const [row] = await db()
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

export async function hasSecondFactor(userId: number): Promise<boolean> {
  const row = await totpRow(userId)
  return !!row?.secret && !!row.enabledAt
}

/** The secret of an enrolment started and not yet confirmed, or null. */
export async function pendingSecret(userId: number): Promise<string | null> {
  const row = await totpRow(userId)
  return row?.secret && !row.enabledAt ? decryptSecret(row.secret) : null
}

/** The secret of an enrolment not yet confirmed, started anew when there is none; null when the factor is on. */
export async function enrolmentSecret(userId: number): Promise<string | null> {
  const row = await totpRow(userId)
  if (!row || row.enabledAt) return null
  if (row.secret) return decryptSecret(row.secret)
  const secret = newTotpSecret()
  await db()
    .update(users)
    .set({ totpSecret: encryptSecret(secret) })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
  return secret
}

/** Turns the factor on with a first code of the pending secret; the recovery codes, to show once, or null. */
export async function confirmEnrolment(userId: number, code: string): Promise<string[] | null> {
  const row = await totpRow(userId)
  if (!row?.secret || row.enabledAt) return null
  const step = await matchTotp(decryptSecret(row.secret), code.replace(/\s/g, ''))
  if (step === null) return null
  const codes = newRecoveryCodes()
  const hashes = await Promise.all(codes.map(hashRecoveryCode))
  const done = await db().transaction(async (tx) => {
    const [on] = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id })
    if (!on) return false
    await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId))
    await tx.insert(memberRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })))
    return true
  })
  return done ? codes : null
}

/** Turns the factor off; only with the account's password (a borrowed session alone must not). */
export async function disableSecondFactor(userId: number, password: string): Promise<boolean> {
  const row = await totpRow(userId)
  if (!row || !(await verifyPassword(row.passwordHash, password))) return false
  await db().transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId))
    await tx.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, userId))
  })
  return true
}

/**
 * The second step of a login: a code of the current step, newer than the last one accepted (a code seen over a
 * shoulder cannot be used again), or an unused recovery code, which is used up. The caller counts failures.
 */
export async function verifySecondFactor(userId: number, code: string): Promise<boolean> {
  const row = await totpRow(userId)
  if (!row?.secret || !row.enabledAt) return false
  const trimmed = code.replace(/\s/g, '')
  const step = await matchTotp(decryptSecret(row.secret), trimmed)
  if (step !== null) {
    // A secret stored under the previous SESSION_SECRET moves to the current key at its first use (decision 029).
    const [used] = await db()
      .update(users)
      .set({ totpLastStep: step, ...(needsReencryption(row.secret) ? { totpSecret: reencryptSecret(row.secret) } : {}) })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id })
    return !!used
  }
  const unused = await db()
    .select({ id: memberRecoveryCodes.id, codeHash: memberRecoveryCodes.codeHash })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.userId, userId), isNull(memberRecoveryCodes.usedAt)))
  const match = await findRecoveryCode(unused, trimmed)
  if (!match) return false
  // Used once: of two logins racing with the same code, only the one that marks it wins.
  const [spent] = await db()
    .update(memberRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(memberRecoveryCodes.id, match.id), isNull(memberRecoveryCodes.usedAt)))
    .returning({ id: memberRecoveryCodes.id })
  return !!spent
}

/** How many recovery codes are left, for the settings page. */
export async function recoveryCodesLeft(userId: number): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.userId, userId), isNull(memberRecoveryCodes.usedAt)))
  return row?.n ?? 0
}
