import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBus, setBus, type Bus } from '#app/adapters/bus/index.server'
import { restrictAccount } from '#app/features/console/moderation/decisions.server'
import type { JobRunner } from '#app/lib/jobs/job-runner.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { db, migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { createMember } from '../tests/setup/factories'
import { apiLogin, createTestDatabase, memberSocket, startServer, type ServerProcess } from '../tests/setup/server-process'
import { createJobRunner } from './jobs.server'
import { CLOSE } from './ws-close-codes'

// Issue 24, point 8: revoking a member's sessions closes their sockets on every process at once (through the bus),
// not at each socket's next minute's check. Two production processes on one database and one Redis; this test's
// own process is a third (as the console's would be), deciding a ban with the product's job runner. Included by
// vitest.config.ts only when TEST_DATABASE_URL and REDIS_URL are set; needs the production build.

const servers: ServerProcess[] = []
let handle: DbHandle
let bus: Bus
let runner: JobRunner
let a: ServerProcess
let b: ServerProcess

beforeAll(async () => {
  const dbUrl = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'revoke')
  handle = await openDatabase({ url: dbUrl, poolSize: 2 })
  await migrate(handle)
  setDatabase(handle)
  const prefix = `${process.env.REDIS_PREFIX ?? 'revoke-'}${process.pid}:`
  const shared = {
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX: prefix,
    SESSION_SECRET: 'revocation-test-secret-0123456789abcdefghijklmn',
  }
  ;[a, b] = await Promise.all([startServer(shared), startServer(shared)])
  servers.push(a, b)
  bus = createBus({ url: process.env.REDIS_URL!, prefix })
  setBus(bus)
  runner = createJobRunner()
  runner.start()
}, 120_000)

afterAll(async () => {
  await runner?.stop()
  for (const s of servers) s.child.kill('SIGTERM')
  await Promise.all(servers.map((s) => s.exited))
  await bus?.close()
  setBus(undefined)
  setDatabase(undefined)
  await handle?.close()
})

/** One socket of the member on each process, each on a session of its own; resolves with their close codes. */
async function socketsOnBoth(email: string, password: string) {
  const cookies = { a: await apiLogin(a.port, email, password), b: await apiLogin(b.port, email, password) }
  const sockets = [memberSocket(a.port, cookies.a), memberSocket(b.port, cookies.b)]
  await Promise.all(sockets.map((s) => s.opened))
  const closed = Promise.all(sockets.map((s) => new Promise<{ code: number; at: number }>((r) => s.ws.once('close', (code) => r({ code, at: Date.now() })))))
  return { cookies, closed }
}

describe('revoked sessions close their sockets on every process', () => {
  it('"log out everywhere" on one process closes the member\'s sockets on both within a second', async () => {
    const m = await createMember({ name: 'Everywhere' })
    const { cookies, closed } = await socketsOnBoth(m.email, m.password)
    const start = Date.now()
    const origin = `http://127.0.0.1:${a.port}`
    const res = await fetch(`${origin}/notifications`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookies.a },
      body: new URLSearchParams({ intent: 'logout_all' }),
    })
    expect(res.status).toBe(302)
    for (const c of await closed) {
      expect(c.code).toBe(CLOSE.sessionEnded)
      expect(c.at - start).toBeLessThan(1000)
    }
  }, 60_000)

  it("a ban decided by a third process closes the member's sockets on both within a second", async () => {
    const m = await createMember({ name: 'Banned' })
    const { closed } = await socketsOnBoth(m.email, m.password)
    const start = Date.now()
    await db().transaction((tx) => restrictAccount(tx, { userId: m.userId, profileId: m.profileId, decisionId: 4242, until: null }))
    wakeJobRunner()
    for (const c of await closed) {
      expect(c.code).toBe(CLOSE.sessionEnded)
      expect(c.at - start).toBeLessThan(1000)
    }
  }, 60_000)
})
