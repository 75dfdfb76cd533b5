import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { captureMail, linkToken } from '../../tests/setup/mail'
import { totpAt } from '../../tests/setup/totp'
import { requestAccountDeletion } from '#app/features/accounts/deletion.server'
import { requestPasswordReset } from '#app/features/accounts/password-reset.server'
import { login } from '#app/features/authentication/login.server'
import { pendingSecret } from '#app/features/authentication/member-second-factor.server'
import { userIdForSession } from '#app/features/authentication/sessions.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import * as userApi from './api/user.php'
import * as settingsPage from './notifications'
import * as reactivatePage from './reactivate'
import * as resetPage from './reset-password-do'

// The members' second factor through the pages and the API (issue 24, point 17).
useTestDatabase()
const sent = captureMail()
afterEach(() => vi.useRealTimers())

let n = 0
const ctx = async (userId: number | null) => ({
  viewer: userId ? await getViewer(userId) : null,
  sessionToken: null,
  clientIp: `10.56.${(n += 1)}.1`,
  requestFailure: { serviceUnavailable: false },
})
const post = (path: string, fields: Record<string, string>) => new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) })
const json = (body: unknown) =>
  new Request('http://localhost/api/user.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function settings(userId: number, fields: Record<string, string>) {
  return (await settingsPage.action({ request: post('/notifications', fields), params: {}, context: await ctx(userId) } as never)) as Record<string, unknown>
}

/** Turns the factor on through the settings page, the clock 5 s into a step; the secret and the recovery codes. */
async function enrolThroughSettings(userId: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime((Math.floor(Date.now() / 30_000) + 1) * 30_000 + 5_000)
  expect(await settings(userId, { intent: 'totp-start' })).toEqual({ totp: 'started' })
  const secret = (await pendingSecret(userId))!
  const state = (await settingsPage.loader({ request: new Request('http://localhost/notifications'), params: {}, context: await ctx(userId) } as never))
    .secondFactor
  expect(state).toMatchObject({ enabled: false, pending: { secret: secret.replace(/(.{4})/g, '$1 ').trim() } })
  expect(state.pending!.qr).toContain('<svg')
  expect(await settings(userId, { intent: 'totp-confirm', code: '000000' })).toEqual({ totp: 'error', field: 'code', error: 'login.codeWrong' })
  const on = await settings(userId, { intent: 'totp-confirm', code: await totpAt(secret, 0) })
  expect(on).toMatchObject({ totp: 'enabled', recoveryCodes: expect.any(Array) })
  return { secret, recoveryCodes: on.recoveryCodes as string[] }
}

describe('POST /api/user.php with a second factor', () => {
  it("answers 'second_factor_required' with a challenge, then logs in with the challenge and the code", async () => {
    const m = await createMember({ email: 'api2fa@example.test', password: 'a-long-initial-password' })
    const { secret } = await enrolThroughSettings(m.userId)
    vi.setSystemTime(Date.now() + 30_000)
    const first = await userApi.action({
      request: json({ email: 'api2fa@example.test', password: 'a-long-initial-password' }),
      params: {},
      context: await ctx(null),
    } as never)
    expect(first.status).toBe(401)
    expect(first.headers.get('set-cookie')).toBeNull()
    const body = (await first.json()) as { error: string; challenge: string; message: string }
    expect(body).toMatchObject({ error: 'second_factor_required', message: 'Enter the code from your authenticator app.' })
    const wrong = await userApi.action({ request: json({ challenge: body.challenge, code: '123456' }), params: {}, context: await ctx(null) } as never)
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: 'code_wrong' })
    const second = await userApi.action({
      request: json({ challenge: body.challenge, code: await totpAt(secret, 0) }),
      params: {},
      context: await ctx(null),
    } as never)
    expect(second.status).toBe(200)
    expect((await second.json()).user).toMatchObject({ id: m.userId })
    const token = decodeURIComponent(/^sid=([^;]+)/.exec(second.headers.get('set-cookie')!)![1])
    expect(await userIdForSession(token)).toBe(m.userId)
  })

  it('keeps the spec’s answer for members without the factor: the user at once', async () => {
    const m = await createMember({ email: 'api1fa@example.test', password: 'a-long-initial-password' })
    const res = await userApi.action({
      request: json({ email: 'api1fa@example.test', password: 'a-long-initial-password' }),
      params: {},
      context: await ctx(null),
    } as never)
    expect(res.status).toBe(200)
    expect((await res.json()).user).toMatchObject({ id: m.userId })
  })
})

describe('the login form with a second factor', () => {
  it('asks for the code after the password, then starts the session', async () => {
    const { action } = await import('./login')
    const m = await createMember({ email: 'form2fa@example.test', password: 'a-long-initial-password' })
    const { recoveryCodes } = await enrolThroughSettings(m.userId)
    const first = (await action({
      request: post('/login', { email: 'form2fa@example.test', password: 'a-long-initial-password' }),
      params: {},
      context: await ctx(null),
    } as never)) as unknown as { data: { challenge: string }; init: { status: number } }
    expect(first.init.status).toBe(401)
    const challenge = first.data.challenge
    expect(challenge).toBeTruthy()
    const done = await action({ request: post('/login', { challenge, code: recoveryCodes[0] }), params: {}, context: await ctx(null) } as never).catch(
      (e: unknown) => e,
    )
    expect(done).toBeInstanceOf(Response)
    expect((done as Response).headers.get('location')).toBe('/members')
    expect((done as Response).headers.get('set-cookie')).toMatch(/^sid=/)
  })
})

describe('turning the factor off in the settings', () => {
  it('needs the password', async () => {
    const m = await createMember({ password: 'a-long-initial-password' })
    await enrolThroughSettings(m.userId)
    expect(await settings(m.userId, { intent: 'totp-disable', password: 'wrong-password' })).toEqual({
      totp: 'error',
      field: 'password',
      error: 'validation.oldPasswordWrong',
    })
    expect(await settings(m.userId, { intent: 'totp-disable', password: 'a-long-initial-password' })).toEqual({ totp: 'disabled' })
  })
})

describe('links that used to log in', () => {
  it('a password reset does not skip the second factor: no session, the login asks for the code', async () => {
    const m = await createMember({ email: 'reset2fa@example.test', password: 'a-long-initial-password' })
    await enrolThroughSettings(m.userId)
    vi.useRealTimers()
    expect(await requestPasswordReset('reset2fa@example.test')).toBe('sent')
    const token = linkToken(sent.at(-1)!.text, '/reset-password/do')
    const done = await resetPage
      .action({
        request: post('/reset-password/do', { token, password: 'violet-kettle-93', password_repeat: 'violet-kettle-93' }),
        params: {},
        context: await ctx(null),
      } as never)
      .catch((e: unknown) => e)
    expect(done).toBeInstanceOf(Response)
    expect((done as Response).headers.get('location')).toBe('/login')
    expect((done as Response).headers.get('set-cookie')).toBeNull()
    expect(await login('reset2fa@example.test', 'violet-kettle-93', '10.57.0.1')).toMatchObject({ ok: false, error: 'second_factor_required' })
  })

  it('a reactivation link does not skip it either', async () => {
    const m = await createMember({ email: 'back2fa@example.test', password: 'a-long-initial-password' })
    await enrolThroughSettings(m.userId)
    vi.useRealTimers()
    await requestAccountDeletion(m.userId, 'privacy')
    const token = linkToken(sent.at(-1)!.text, '/reactivate')
    const done = await reactivatePage
      .action({ request: post('/reactivate', { token }), params: {}, context: await ctx(null) } as never)
      .catch((e: unknown) => e)
    expect(done).toBeInstanceOf(Response)
    expect((done as Response).headers.get('location')).toBe('/login')
    expect((done as Response).headers.get('set-cookie')).toBeNull()
  })
})
