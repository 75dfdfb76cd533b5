import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { consume, createLimiter } from '#app/adapters/rate-limit/rate-limit.server'
import { requestEmailChange } from '#app/features/accounts/change-account.server'
import { requestPasswordReset, resetPassword } from '#app/features/accounts/password-reset.server'
import { clientKey } from '#app/lib/security-log.server'
import type * as LoggerModule from '#app/lib/logger.server'
import { createHttpApp } from './http-app.server'
import { createMember } from '../tests/setup/factories'
import { captureMail, linkToken } from '../tests/setup/mail'
import { findPersonalData } from '../tests/setup/personal-data-scan'
import { useTestDatabase } from '../tests/setup/test-db'
import { login } from '#app/features/authentication/login.server'
import { createSession, destroyAllSessions } from '#app/features/authentication/sessions.server'

// Issue 24, point 16: member logins, failures, lockouts, resets, authorization refusals and rate-limit hits left no
// log line. The product's logger (with its redaction) writes here, at info level, and the lines are read back.
const written = vi.hoisted(() => ({ lines: [] as string[] }))
vi.mock('#app/lib/logger.server', async (importOriginal) => {
  const real = await importOriginal<typeof LoggerModule>()
  const sink = new Writable({
    write(chunk, _enc, done) {
      written.lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return { ...real, logger: real.createLogger(sink, 'info') }
})

useTestDatabase()
const sent = captureMail()
beforeEach(() => {
  written.lines.length = 0
})

const ADDRESS = '203.0.113.77'
const events = () => written.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => typeof l.event === 'string')
const named = (event: string) => events().filter((l) => l.event === event)

describe('security events (issue 24, point 16)', () => {
  it('logs a login, a failure and a lockout with ids and a keyed hash of the address, nothing personal', async () => {
    const m = await createMember({ email: 'logged.member@example.com', password: 'the-members-password' })
    expect((await login('logged.member@example.com', 'the-members-password', ADDRESS)).ok).toBe(true)
    expect(named('login.succeeded')).toEqual([expect.objectContaining({ userId: m.userId, level: 30 })])

    let r = await login('logged.member@example.com', 'a-wrong-guess', ADDRESS)
    expect(named('login.failed')).toEqual([expect.objectContaining({ userId: m.userId, client: clientKey(ADDRESS), level: 40 })])
    for (let i = 0; i < 10 && !(r.ok === false && r.error === 'blocked'); i++) r = await login('logged.member@example.com', 'a-wrong-guess', ADDRESS)
    expect(r).toMatchObject({ ok: false, error: 'blocked' })
    expect(named('login.locked')[0]).toMatchObject({ userId: m.userId, client: clientKey(ADDRESS) })

    // An unknown address: a failure without any id, and the typed address nowhere.
    await login('nobody.here@example.com', 'whatever-it-is', '198.51.100.9')
    expect(named('login.failed').at(-1)).toEqual(expect.objectContaining({ userId: null, client: clientKey('198.51.100.9') }))

    const log = written.lines.join('\n')
    expect(
      findPersonalData(log, {
        emails: ['logged.member@example.com', 'nobody.here@example.com'],
        texts: ['the-members-password', 'a-wrong-guess', ADDRESS, '198.51.100.9'],
      }),
    ).toEqual([])
  })

  it('logs a reset asked for, a reset done, an invalid reset link, an e-mail change refused and the sessions revoked', async () => {
    const m = await createMember({ email: 'resetting@example.com', password: 'old-password-1' })
    await createSession(m.userId)
    expect(await requestPasswordReset('resetting@example.com')).toBe('sent')
    const token = linkToken(sent[0].text, '/reset-password/do')
    expect((await resetPassword(token, 'new-password-1')).ok).toBe(true)
    expect((await resetPassword(token, 'new-password-2')).ok).toBe(false)
    expect(await requestEmailChange(m.userId, 'elsewhere@example.com', 'not-the-password')).toBe('wrong_password')
    await createSession(m.userId)
    await destroyAllSessions(m.userId)

    expect(named('password_reset.requested')).toEqual([expect.objectContaining({ userId: m.userId })])
    expect(named('password_reset.completed')).toEqual([expect.objectContaining({ userId: m.userId })])
    expect(named('password_reset.invalid')).toHaveLength(1)
    expect(named('email_change.refused')).toEqual([expect.objectContaining({ userId: m.userId, reason: 'wrong_password' })])
    expect(named('sessions.revoked').map((l) => [l.userId, l.reason, l.sessions])).toEqual([
      [m.userId, 'password_reset', 1],
      [m.userId, 'logout_everywhere', 1],
    ])
    const log = written.lines.join('\n')
    expect(
      findPersonalData(log, {
        emails: ['resetting@example.com', 'elsewhere@example.com'],
        tokens: [token],
        texts: ['old-password-1', 'new-password-1', 'not-the-password'],
      }),
    ).toEqual([])
  })

  it("logs a rate-limit hit with the limiter's name and a hash of its key", async () => {
    const limiter = createLimiter({ keyPrefix: 'security-log-test', points: 1, duration: 60 })
    expect(await consume(limiter, ADDRESS)).toBe(0)
    expect(named('rate_limit.hit')).toEqual([])
    expect(await consume(limiter, ADDRESS)).toBeGreaterThan(0)
    expect(named('rate_limit.hit')).toEqual([expect.objectContaining({ limiter: 'security-log-test', client: clientKey(ADDRESS), level: 40 })])
    expect(written.lines.join('\n')).not.toContain(ADDRESS)
  })

  it("logs every authorization refusal of the HTTP layer (401, 403) with the member's id, never the path", async () => {
    const m = await createMember()
    const cookie = `sid=${await createSession(m.userId)}`
    const app = createHttpApp({
      dataDir: process.env.DATA_DIR!,
      // As React Router does: the load context (the session's member) first, then the route's answer.
      reactRouterHandler: (getLoadContext) => async (req, res) => {
        await getLoadContext(req)
        res.status(req.path.startsWith('/forbidden') ? 403 : 200).end()
      },
    })
    const server = http.createServer(app)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      await fetch(`${base}/allowed`, { headers: { cookie } })
      await fetch(`${base}/forbidden/secret-path-123?email=someone@example.com`, { headers: { cookie } })
      await fetch(`${base}/login`, { method: 'POST', headers: { origin: 'http://evil.example' }, body: 'x=1' })
      await new Promise((r) => setTimeout(r, 50))
    } finally {
      await new Promise((r) => server.close(r))
    }
    expect(named('authorization.refused').map((l) => [l.status, l.userId])).toEqual([
      [403, m.userId],
      [403, null],
    ])
    expect(written.lines.join('\n')).not.toMatch(/secret-path-123|someone@example\.com/)
  })
})
