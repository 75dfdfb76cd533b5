import crypto from 'node:crypto'
import { generate } from 'otplib'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useTestDatabase } from '../../../../tests/setup/test-db'
import { currentTotp, totpAt } from '../../../../tests/setup/totp'
import { db } from '#db/client.server'
import { auditLog, loginFailures, operatorRecoveryCodes, operators } from '#db/schema/index'
import { listAudit } from './audit.server'
import { beginEnrolment, checkPassword, checkSecondFactor, confirmEnrolment, createOperator, LOCK_MINUTES, MAX_FAILURES } from './operator-accounts.server'
import { completeOperatorSession, startOperatorSession } from './operator-sessions.server'
import { decryptSecret, encryptSecret } from '#app/features/authentication/totp.server'

useTestDatabase()
afterEach(() => vi.useRealTimers())

const password = 'correct-horse-battery'
async function enrolledOperator(role: 'admin' | 'moderator' | 'support' = 'moderator') {
  const id = await createOperator({ email: `${role}-${Math.random().toString(36).slice(2)}@ops.test`, name: `Op ${role}`, role, password })
  const secret = await beginEnrolment(id)
  const codes = await confirmEnrolment(id, await currentTotp(secret))
  return { id, secret, codes: codes! }
}

describe('operator login', () => {
  it('needs the password, then a TOTP code; each code works once', async () => {
    const o = await enrolledOperator()
    const first = await checkPassword(`  ${(await db().select().from(operators)).at(-1)!.email.toUpperCase()} `, password)
    expect(first.kind).toBe('ok')
    // The enrolment used this step: the login's code is the next step's (only the current step is accepted).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 30_000)
    const code = await generate({ secret: o.secret, epoch: Math.floor(Date.now() / 1000) })
    expect((await checkSecondFactor(o.id, code)).kind).toBe('ok')
    // The same step again (a replay) fails.
    expect((await checkSecondFactor(o.id, code)).kind).toBe('failed')
  })

  it('accepts each recovery code once', async () => {
    const o = await enrolledOperator()
    expect(o.codes).toHaveLength(10)
    expect((await checkSecondFactor(o.id, o.codes[3])).kind).toBe('ok')
    expect((await checkSecondFactor(o.id, o.codes[3])).kind).toBe('failed')
    expect((await checkSecondFactor(o.id, o.codes[4].toUpperCase().replace(/-/g, ''))).kind).toBe('ok')
  })

  it(`locks the account for ${LOCK_MINUTES} minutes after ${MAX_FAILURES} wrong passwords or codes`, async () => {
    const o = await enrolledOperator()
    const [{ email }] = await db()
      .select({ email: operators.email })
      .from(operators)
      .where(sql`id = ${o.id}`)
    for (let i = 1; i < MAX_FAILURES - 1; i++) expect((await checkPassword(email, 'wrong-password')).kind).toBe('failed')
    expect((await checkSecondFactor(o.id, '000000')).kind).toBe('failed')
    expect(await checkPassword(email, 'wrong-password')).toEqual({ kind: 'locked', minutes: LOCK_MINUTES })
    // Even the right password is refused while locked.
    expect((await checkPassword(email, password)).kind).toBe('locked')
    const actions = (await listAudit()).map((a) => a.action)
    expect(actions).toContain('operator.locked')
  })

  it(`checks at most ${MAX_FAILURES} of 50 wrong codes sent at once (the count and the decision are one step)`, async () => {
    const o = await enrolledOperator()
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => checkSecondFactor(o.id, String(100000 + i))))
    // Each checked code leaves an audit line; the refused ones were never checked.
    const failed = (await listAudit()).filter((a) => a.action === 'operator.login_failed')
    expect(failed.length).toBeLessThanOrEqual(MAX_FAILURES)
    expect(results.filter((r) => r.kind === 'locked').length).toBeGreaterThanOrEqual(50 - MAX_FAILURES)
    // Locked now: even the right code is refused.
    expect((await checkSecondFactor(o.id, await generate({ secret: o.secret }))).kind).toBe('locked')
  })

  it('refuses unknown and disabled operators like a wrong password', async () => {
    expect((await checkPassword('nobody@ops.test', password)).kind).toBe('failed')
    const o = await enrolledOperator()
    await db()
      .update(operators)
      .set({ disabledAt: sql`now()` })
      .where(sql`id = ${o.id}`)
    const [{ email }] = await db()
      .select({ email: operators.email })
      .from(operators)
      .where(sql`id = ${o.id}`)
    expect((await checkPassword(email, password)).kind).toBe('failed')
  })

  it('stores the TOTP secret encrypted', async () => {
    const o = await enrolledOperator()
    const [row] = await db()
      .select({ s: operators.totpSecret })
      .from(operators)
      .where(sql`id = ${o.id}`)
    expect(row.s).not.toContain(o.secret)
    expect(decryptSecret(row.s!)).toBe(o.secret)
    expect(encryptSecret(o.secret)).not.toBe(row.s)
  })
})

describe('operator lockout per address (issue 24, point 13)', () => {
  const emailOf = async (id: number) =>
    (
      await db()
        .select({ email: operators.email })
        .from(operators)
        .where(sql`id = ${id}`)
    )[0].email

  /** A full login (password and code) from this address, which makes it one the operator uses. */
  async function fullLogin(o: { id: number; secret: string }, ip: string) {
    expect((await checkPassword(await emailOf(o.id), password, ip)).kind).toBe('ok')
    await db()
      .update(operators)
      .set({ totpLastStep: null })
      .where(sql`id = ${o.id}`)
    expect((await checkSecondFactor(o.id, await currentTotp(o.secret), ip)).kind).toBe('ok')
  }

  it('a stranger’s wrong passwords from other addresses do not lock the operator out at their own address', async () => {
    const o = await enrolledOperator()
    const email = await emailOf(o.id)
    await fullLogin(o, '10.66.0.1')
    for (let i = 0; i < 3 * MAX_FAILURES; i++) await checkPassword(email, `guess-${i}`, `10.66.1.${i}`)
    expect((await checkPassword(email, password, '10.66.2.1')).kind).toBe('locked')
    expect((await checkPassword(email, password, '10.66.0.1')).kind).toBe('ok')
  })

  it(`guessing from many addresses stays bounded: ${MAX_FAILURES} checked, the rest refused unchecked`, async () => {
    const o = await enrolledOperator()
    const email = await emailOf(o.id)
    const results = []
    for (let i = 0; i < 20; i++) results.push((await checkPassword(email, `guess-${i}`, `10.67.0.${i}`)).kind)
    expect(results.filter((k) => k === 'failed')).toHaveLength(MAX_FAILURES - 1)
    expect(results.filter((k) => k === 'locked')).toHaveLength(20 - MAX_FAILURES + 1)
    const failed = (await listAudit()).filter((a) => a.action === 'operator.login_failed' && a.targetId === String(o.id))
    expect(failed.length).toBeLessThanOrEqual(MAX_FAILURES)
  })

  it(`at the operator's own address wrong passwords lock that address after ${MAX_FAILURES}`, async () => {
    const o = await enrolledOperator()
    const email = await emailOf(o.id)
    await fullLogin(o, '10.68.0.1')
    for (let i = 1; i < MAX_FAILURES; i++) expect((await checkPassword(email, 'wrong', '10.68.0.1')).kind).toBe('failed')
    expect(await checkPassword(email, 'wrong', '10.68.0.1')).toEqual({ kind: 'locked', minutes: LOCK_MINUTES })
    expect((await checkPassword(email, password, '10.68.0.1')).kind).toBe('locked')
    const [row] = await db()
      .select()
      .from(loginFailures)
      .where(sql`key = ${`operator:${o.id}@10.68.0.1`}`)
    expect(row.blockedUntil).toBeInstanceOf(Date)
    // An admin's unlock lifts the lock at each address too.
    const { changeOperator } = await import('./operator-admin.server')
    const admin = await enrolledOperator('admin')
    expect(await changeOperator(o.id, 'unlock', 'called', { id: admin.id, name: 'Op admin', email: 'a@ops.test', role: 'admin' })).toBe('ok')
    expect((await checkPassword(email, password, '10.68.0.1')).kind).toBe('ok')
  })
})

describe('operator second factor (issue 24, point 17)', () => {
  it('accepts the current step only: a code of the previous step is refused', async () => {
    const o = await enrolledOperator()
    await db()
      .update(operators)
      .set({ totpLastStep: null })
      .where(sql`id = ${o.id}`)
    expect((await checkSecondFactor(o.id, await totpAt(o.secret, -1))).kind).toBe('failed')
    expect((await checkSecondFactor(o.id, await totpAt(o.secret, 1))).kind).toBe('failed')
  })

  it('stores recovery codes as argon2id hashes', async () => {
    const o = await enrolledOperator()
    const rows = await db()
      .select({ h: operatorRecoveryCodes.codeHash })
      .from(operatorRecoveryCodes)
      .where(sql`operator_id = ${o.id}`)
    expect(rows).toHaveLength(10)
    for (const { h } of rows) expect(h).toMatch(/^\$argon2id\$/)
  })

  it('accepts a code stored as SHA-256 before, once, and re-hashes the others', async () => {
    const o = await enrolledOperator()
    const legacy = ['aaaa-bbbb-cccc', 'dddd-eeee-ffff']
    const sha = (c: string) => crypto.createHash('sha256').update(c.replace(/-/g, '')).digest('hex')
    await db()
      .delete(operatorRecoveryCodes)
      .where(sql`operator_id = ${o.id}`)
    await db()
      .insert(operatorRecoveryCodes)
      .values(legacy.map((c) => ({ operatorId: o.id, codeHash: sha(c) })))
    expect((await checkSecondFactor(o.id, legacy[0])).kind).toBe('ok')
    expect((await checkSecondFactor(o.id, legacy[0])).kind).toBe('failed')
    const rows = await db()
      .select({ h: operatorRecoveryCodes.codeHash, used: operatorRecoveryCodes.usedAt })
      .from(operatorRecoveryCodes)
      .where(sql`operator_id = ${o.id}`)
    // The unused one holds no bare SHA-256 any more, and still works.
    expect(rows.filter((r) => !r.used).map((r) => r.h)).toEqual([expect.stringMatching(/^sha256\+\$argon2id\$/)])
    expect((await checkSecondFactor(o.id, legacy[1])).kind).toBe('ok')
  })
})

describe('audit log', () => {
  it('is append-only: the database refuses updates and deletes', async () => {
    await enrolledOperator()
    const [row] = await db().select({ id: auditLog.id }).from(auditLog).limit(1)
    await expect(
      db()
        .update(auditLog)
        .set({ action: 'rewritten' })
        .where(sql`id = ${row.id}`),
    ).rejects.toThrow()
    await expect(
      db()
        .delete(auditLog)
        .where(sql`id = ${row.id}`),
    ).rejects.toThrow()
  })
})

describe('operator administration', () => {
  it('disables, unlocks and resets others, never oneself; disabling and resets end sessions', async () => {
    const { changeOperator } = await import('./operator-admin.server')
    const { operatorSession } = await import('./operator-sessions.server')
    const admin = await enrolledOperator('admin')
    const target = await enrolledOperator('support')
    const by = { id: admin.id, name: 'Op admin', email: 'a@ops.test', role: 'admin' as const }
    const token = await completeOperatorSession(await startOperatorSession(target.id))
    expect(await changeOperator(admin.id, 'disable', 'nope', by)).toBe('self')
    expect(await changeOperator(target.id, 'reset_second_factor', 'lost phone', by)).toBe('ok')
    expect(await operatorSession(token)).toBeNull()
    const [row] = await db()
      .select()
      .from(operators)
      .where(sql`id = ${target.id}`)
    expect(row.totpEnabledAt).toBeNull()
    expect(await changeOperator(target.id, 'disable', 'left the company', by)).toBe('ok')
    const [email] = await db()
      .select({ e: operators.email })
      .from(operators)
      .where(sql`id = ${target.id}`)
    expect((await checkPassword(email.e, password)).kind).toBe('failed')
    expect(await changeOperator(9999, 'enable', 'x', by)).toBe('not_found')
    expect((await listAudit()).slice(0, 2).map((a) => [a.action, a.reason])).toEqual([
      ['operator.disable', 'left the company'],
      ['operator.reset_second_factor', 'lost phone'],
    ])
  })
})
