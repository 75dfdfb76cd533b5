import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { currentTotp, totpAt } from '../../../tests/setup/totp'
import { updateSetting } from '#app/features/settings/settings.server'
import { db } from '#db/client.server'
import { memberRecoveryCodes, users } from '#db/schema/index'
import { decryptSecret } from '#app/features/authentication/totp.server'
import { login, loginSecondStep } from './login.server'
import { confirmEnrolment, disableSecondFactor, enrolmentSecret, hasSecondFactor, verifySecondFactor } from './member-second-factor.server'

useTestDatabase()

beforeEach(async () => {
  await updateSetting('login_max_failures', 3)
  await updateSetting('login_ip_max_failures', 1000)
  await updateSetting('login_block_minutes', 10)
})
afterEach(() => vi.useRealTimers())

let n = 0
const ip = () => `10.77.${(n += 1) % 250}.1`

/** A member with the second factor on; the clock stands 5 s into a step, so codes never straddle two steps. */
async function enrolled() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime((Math.floor(Date.now() / 30_000) + 1) * 30_000 + 5_000)
  const m = await createMember({ password: 'a-long-initial-password' })
  const secret = (await enrolmentSecret(m.userId))!
  const codes = (await confirmEnrolment(m.userId, await totpAt(secret, 0)))!
  return { ...m, secret, codes }
}

/** Moves the clock on by whole 30-second steps. */
const nextSteps = (steps: number) => vi.setSystemTime(Date.now() + steps * 30_000)

async function challengeOf(email: string, at: string): Promise<string> {
  const first = await login(email, 'a-long-initial-password', at)
  if (first.ok || first.error !== 'second_factor_required') throw new Error(`expected the code step, got ${JSON.stringify(first)}`)
  return first.challenge
}

describe('enrolment', () => {
  it('needs a right first code, stores the secret encrypted and the recovery codes as argon2id hashes', async () => {
    const m = await createMember()
    const secret = (await enrolmentSecret(m.userId))!
    expect(await enrolmentSecret(m.userId)).toBe(secret)
    expect(await confirmEnrolment(m.userId, '000000')).toBeNull()
    expect(await hasSecondFactor(m.userId)).toBe(false)
    const codes = await confirmEnrolment(m.userId, await currentTotp(secret))
    expect(codes).toHaveLength(10)
    expect(await hasSecondFactor(m.userId)).toBe(true)
    const [row] = await db().select({ s: users.totpSecret }).from(users).where(eq(users.id, m.userId))
    expect(row.s).not.toContain(secret)
    expect(decryptSecret(row.s!)).toBe(secret)
    const hashes = await db().select({ h: memberRecoveryCodes.codeHash }).from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, m.userId))
    expect(hashes).toHaveLength(10)
    for (const { h } of hashes) expect(h).toMatch(/^\$argon2id\$/)
    for (const c of codes!) expect(hashes.map((x) => x.h).join()).not.toContain(c.replace(/-/g, ''))
  })
})

describe('login with the second factor', () => {
  it('asks for the code after the right password, and lets in with the current code', async () => {
    const m = await enrolled()
    nextSteps(1)
    const at = ip()
    const challenge = await challengeOf(m.email, at)
    expect(await loginSecondStep(challenge, await totpAt(m.secret, 0), at)).toEqual({ ok: true, userId: m.userId })
  })

  it('refuses the same step twice (a replay) and a code of the previous step', async () => {
    const m = await enrolled()
    nextSteps(2)
    // The previous step was never used: only the ±30 s tolerance would let it in.
    expect(await loginSecondStep(await challengeOf(m.email, ip()), await totpAt(m.secret, -1), ip())).toEqual({ ok: false, error: 'code_wrong' })
    const code = await totpAt(m.secret, 0)
    expect((await loginSecondStep(await challengeOf(m.email, ip()), code, ip())).ok).toBe(true)
    expect(await loginSecondStep(await challengeOf(m.email, ip()), code, ip())).toEqual({ ok: false, error: 'code_wrong' })
  })

  it('accepts each recovery code once', async () => {
    const m = await enrolled()
    expect(await loginSecondStep(await challengeOf(m.email, ip()), m.codes[2], ip())).toEqual({ ok: true, userId: m.userId })
    expect(await loginSecondStep(await challengeOf(m.email, ip()), m.codes[2], ip())).toEqual({ ok: false, error: 'code_wrong' })
    expect((await loginSecondStep(await challengeOf(m.email, ip()), m.codes[3].toUpperCase().replace(/-/g, ''), ip())).ok).toBe(true)
  })

  it('refuses a forged or foreign challenge', async () => {
    const m = await enrolled()
    const other = await createMember()
    const challenge = await challengeOf(m.email, ip())
    const forged = challenge.replace(`${m.userId}.`, `${other.userId}.`)
    expect(forged).not.toBe(challenge)
    expect(await loginSecondStep(forged, m.codes[0], ip())).toEqual({ ok: false, error: 'failed' })
    // Five minutes later the challenge is no longer accepted either.
    vi.setSystemTime(Date.now() + 301_000)
    expect(await loginSecondStep(challenge, m.codes[0], ip())).toEqual({ ok: false, error: 'failed' })
  })

  it('counts wrong codes towards the lockout, and the right password does not reset the count', async () => {
    const m = await enrolled()
    const at = ip()
    for (let i = 0; i < 2; i++) {
      expect(await loginSecondStep(await challengeOf(m.email, at), String(100000 + i), at)).toEqual({ ok: false, error: 'code_wrong' })
    }
    // The third wrong code (login_max_failures) blocks: a guesser who knows the password gets no more tries.
    expect(await loginSecondStep(await challengeOf(m.email, at), '100002', at)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    expect(await login(m.email, 'a-long-initial-password', at)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
  })

  it('leaves members without the factor as they were: the password alone logs in', async () => {
    const m = await createMember({ password: 'a-long-initial-password' })
    expect(await login(m.email, 'a-long-initial-password', ip())).toEqual({ ok: true, userId: m.userId })
  })
})

describe('turning it off', () => {
  it('needs the password; then the password alone logs in again', async () => {
    const m = await enrolled()
    expect(await disableSecondFactor(m.userId, 'not-the-password')).toBe(false)
    expect(await hasSecondFactor(m.userId)).toBe(true)
    expect(await disableSecondFactor(m.userId, 'a-long-initial-password')).toBe(true)
    expect(await hasSecondFactor(m.userId)).toBe(false)
    expect(await db().select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, m.userId))).toEqual([])
    expect(await verifySecondFactor(m.userId, m.codes[0])).toBe(false)
    expect(await login(m.email, 'a-long-initial-password', ip())).toEqual({ ok: true, userId: m.userId })
    expect(
      (
        await db()
          .select({ s: users.totpSecret })
          .from(users)
          .where(sql`id = ${m.userId}`)
      )[0].s,
    ).toBeNull()
  })
})
