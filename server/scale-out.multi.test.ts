import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { createMember } from '../tests/setup/factories'
import { apiLogin, createTestDatabase, memberSocket, startServer, until, type ServerProcess } from '../tests/setup/server-process'
import { CLOSE } from './ws-close-codes'
import { MAX_SOCKETS_PER_MEMBER } from './ws-socket-registry.server'

// What must not be per process (docs/reliability.md "What is shared between processes"): two production processes
// on one PostgreSQL database and one Redis, each with a DATA_DIR of its own, as on two machines behind a proxy
// (this test is the proxy: it connects from 127.0.0.1, which TRUST_PROXY names, and sends X-Forwarded-For).
// Included by vitest.config.ts only when TEST_DATABASE_URL and REDIS_URL are set; needs the production build.

const NL = '145.97.0.1'
const DE = '217.0.0.1'
const keys = webpush.generateVAPIDKeys()
const dataDirs: string[] = []
const servers: ServerProcess[] = []
let handle: DbHandle
let a: ServerProcess
let b: ServerProcess

beforeAll(async () => {
  const dbUrl = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'scale')
  handle = await openDatabase({ url: dbUrl, poolSize: 2 })
  await migrate(handle)
  setDatabase(handle)
  const shared = {
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'scale-'}${process.pid}:`,
    SESSION_SECRET: 'scale-out-test-secret-0123456789abcdefghijklmn',
    TRUST_PROXY: '127.0.0.1',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    // Long enough that only an invalidation, not the clock, can show a change within the test.
    PAGE_CACHE_SECONDS: '60',
    // /__e2e/settings: a setting changed on one process the way the console changes it (updateSetting).
    E2E_TEST_HOOKS: '1',
  }
  const machine = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-out-'))
    dataDirs.push(dir)
    return { ...shared, DATA_DIR: dir }
  }
  ;[a, b] = await Promise.all([startServer(machine()), startServer(machine())])
  servers.push(a, b)
}, 120_000)

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM')
  await Promise.all(servers.map((s) => s.exited))
  setDatabase(undefined)
  await handle?.close()
})

const url = (s: ServerProcess, p: string) => `http://127.0.0.1:${s.port}${p}`
const publicSettings = async (s: ServerProcess, xff?: string) =>
  (await (await fetch(url(s, '/api/settings.php?_force_domain=localhost'), { headers: xff ? { 'x-forwarded-for': xff } : {} })).json()) as Record<
    string,
    unknown
  >
const changeSetting = async (s: ServerProcess, values: Record<string, unknown>) => {
  const res = await fetch(url(s, '/__e2e/settings'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: url(s, '') },
    body: JSON.stringify(values),
  })
  expect(res.status).toBe(204)
}
const homeTitle = async (s: ServerProcess) => /<title>([^<]*)<\/title>/.exec(await (await fetch(url(s, '/'))).text())?.[1]

describe('two processes on two DATA_DIRs, one database, one Redis', () => {
  it('a setting changed on one process reaches the other at once: its settings and its cached pages', async () => {
    const before = await homeTitle(b)
    expect(await homeTitle(b)).toBe(before)
    await changeSetting(a, { index_title: 'Changed On A' })
    // Within a few seconds, though B caches settings for 10 s and pages for 60 s.
    const started = Date.now()
    await until(async () => (await homeTitle(b))?.includes('Changed On A') ?? false, 4000)
    expect(Date.now() - started).toBeLessThan(4000)
    expect((await publicSettings(b)).index_title).toBe('Changed On A')
  }, 30_000)

  it("counts an address's logins over both processes, each address apart, under a limit changed on one of them", async () => {
    await changeSetting(a, { rate_limits: { login_ip_per_15min: 3, signup_ip_per_hour: 10, reset_ip_per_hour: 10, resend_ip_per_hour: 10 } })
    // The change is announced before A answers; B hears it within moments, and its limiters follow the setting.
    await new Promise((r) => setTimeout(r, 500))
    const login = (s: ServerProcess, xff: string) =>
      fetch(url(s, '/api/user.php'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url(s, ''), 'x-forwarded-for': xff },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      }).then((r) => r.status)
    const fromNl = [await login(a, NL), await login(b, NL), await login(a, NL), await login(b, NL)]
    expect(fromNl).toEqual([401, 401, 401, 429])
    expect(await login(a, NL)).toBe(429)
    // Another visitor behind the same proxy is another address with a count of its own.
    expect(await login(b, DE)).toBe(401)
  }, 30_000)

  it('gives each visitor behind the proxy their own country, on either process', async () => {
    expect((await publicSettings(a, NL)).geoip_country).toBe('NL')
    expect((await publicSettings(b, DE)).geoip_country).toBe('DE')
    expect((await publicSettings(b, NL)).geoip_country).toBe('NL')
  })

  it('serves the same Web Push key from the environment on both, and writes no key file', async () => {
    expect((await publicSettings(a)).push_public_key).toBe(keys.publicKey)
    expect((await publicSettings(b)).push_public_key).toBe(keys.publicKey)
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'vapid.json'))).toBe(false)
  })

  it("caps a member's sockets over both processes: one too many closes the oldest, wherever it is", async () => {
    const m = await createMember({ name: 'Tabs' })
    const cookies = { a: await apiLogin(a.port, m.email, m.password), b: await apiLogin(b.port, m.email, m.password) }
    const open: ReturnType<typeof memberSocket>[] = []
    // The first on B, then alternating: the cap is counted over both.
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) {
      const s = i % 2 ? a : b
      const c = memberSocket(s.port, i % 2 ? cookies.a : cookies.b)
      await c.opened
      open.push(c)
    }
    const oldest = new Promise<number>((r) => open[0].ws.once('close', (code) => r(code)))
    const newest = memberSocket(a.port, cookies.a)
    await newest.opened
    expect(await oldest).toBe(CLOSE.tooManySockets)
    await new Promise((r) => setTimeout(r, 300))
    expect([...open.slice(1), newest].filter((c) => c.ws.readyState !== c.ws.OPEN)).toHaveLength(0)
    for (const c of [...open, newest]) c.ws.close()
  }, 60_000)
})
