import { generate } from 'otplib'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { createSession } from '#app/features/authentication/sessions.server'
import { db } from '#db/client.server'
import { auditLog, operators } from '#db/schema/index'
import { listAudit } from './audit.server'
import { beginEnrolment, checkPassword, checkSecondFactor, confirmEnrolment, createOperator, LOCK_MINUTES, MAX_FAILURES } from './operator-accounts.server'
import { completeOperatorSession, OPERATOR_COOKIE, startOperatorSession } from './operator-sessions.server'
import { requireOperator } from './require-operator.server'
import { decryptSecret, encryptSecret } from './totp.server'

useTestDatabase()

const password = 'correct-horse-battery'
async function enrolledOperator(role: 'admin' | 'moderator' | 'support' = 'moderator') {
  const id = await createOperator({ email: `${role}-${Math.random().toString(36).slice(2)}@ops.test`, name: `Op ${role}`, role, password })
  const secret = await beginEnrolment(id)
  const codes = await confirmEnrolment(id, await generate({ secret }))
  return { id, secret, codes: codes! }
}

const page = (token: string | null, path = '/admin') => new Request(`http://localhost${path}`, { headers: token ? { cookie: `${OPERATOR_COOKIE}=${token}` } : {} })

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p
  } catch (e) {
    if (e instanceof Response) return e
    throw e
  }
  throw new Error('did not throw')
}

describe('operator login', () => {
  it('needs the password, then a TOTP code; each code works once', async () => {
    const o = await enrolledOperator()
    const first = await checkPassword(`  ${(await db().select().from(operators)).at(-1)!.email.toUpperCase()} `, password)
    expect(first.kind).toBe('ok')
    const code = await generate({ secret: o.secret, epoch: Math.floor(Date.now() / 1000) + 30 })
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
    const [{ email }] = await db().select({ email: operators.email }).from(operators).where(sql`id = ${o.id}`)
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
    await db().update(operators).set({ disabledAt: sql`now()` }).where(sql`id = ${o.id}`)
    const [{ email }] = await db().select({ email: operators.email }).from(operators).where(sql`id = ${o.id}`)
    expect((await checkPassword(email, password)).kind).toBe('failed')
  })

  it('stores the TOTP secret encrypted', async () => {
    const o = await enrolledOperator()
    const [row] = await db().select({ s: operators.totpSecret }).from(operators).where(sql`id = ${o.id}`)
    expect(row.s).not.toContain(o.secret)
    expect(decryptSecret(row.s!)).toBe(o.secret)
    expect(encryptSecret(o.secret)).not.toBe(row.s)
  })
})

describe('requireOperator', () => {
  it('lets a full session of a permitted role in, refuses other roles with 403', async () => {
    const o = await enrolledOperator('moderator')
    const token = await completeOperatorSession(await startOperatorSession(o.id))
    expect((await requireOperator(page(token), 'photos.moderate')).id).toBe(o.id)
    expect((await thrown(requireOperator(page(token), 'settings.edit'))).status).toBe(403)
  })

  it('sends a password-only session, a member session and no session to the login; the API answers 401', async () => {
    const o = await enrolledOperator('admin')
    const half = await startOperatorSession(o.id)
    for (const token of [half, null, 'forged-token']) {
      const r = await thrown(requireOperator(page(token)))
      expect(r.status).toBe(302)
      expect(r.headers.get('location')).toBe('/admin/login')
      expect((await thrown(requireOperator(page(token, '/admin/api/x')))).status).toBe(401)
    }
    const member = await createMember()
    const memberToken = await createSession(member.userId)
    const asMember = new Request('http://localhost/admin', { headers: { cookie: `sid=${memberToken}; ${OPERATOR_COOKIE}=${memberToken}` } })
    expect((await thrown(requireOperator(asMember))).status).toBe(302)
  })
})

describe('audit log', () => {
  it('is append-only: the database refuses updates and deletes', async () => {
    await enrolledOperator()
    const [row] = await db().select({ id: auditLog.id }).from(auditLog).limit(1)
    await expect(db().update(auditLog).set({ action: 'rewritten' }).where(sql`id = ${row.id}`)).rejects.toThrow()
    await expect(db().delete(auditLog).where(sql`id = ${row.id}`)).rejects.toThrow()
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
    const [row] = await db().select().from(operators).where(sql`id = ${target.id}`)
    expect(row.totpEnabledAt).toBeNull()
    expect(await changeOperator(target.id, 'disable', 'left the company', by)).toBe('ok')
    const [email] = await db().select({ e: operators.email }).from(operators).where(sql`id = ${target.id}`)
    expect((await checkPassword(email.e, password)).kind).toBe('failed')
    expect(await changeOperator(9999, 'enable', 'x', by)).toBe('not_found')
    expect((await listAudit()).slice(0, 2).map((a) => [a.action, a.reason])).toEqual([
      ['operator.disable', 'left the company'],
      ['operator.reset_second_factor', 'lost phone'],
    ])
  })
})
