import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerEvent } from '#app/features/chat/chat-events'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { createMember } from '../tests/setup/factories'
import { apiLogin, createTestDatabase, memberSocket, startServer, until, type ServerProcess } from '../tests/setup/server-process'
import { tcpProxy } from '../tests/setup/tcp-proxy'

// PostgreSQL and Redis going away for a moment, seen by a real server process through TCP proxies that the test
// cuts and restores. The server runs unsupervised (SUPERVISE=0), so a crash would show as an exit, not hide
// behind a restart. Needs TEST_DATABASE_URL and REDIS_URL, and the production build.

const pgUrl = new URL(process.env.TEST_DATABASE_URL!)
const redisUrl = new URL(process.env.REDIS_URL!)
let handle: DbHandle
let server: ServerProcess
let pgProxy: Awaited<ReturnType<typeof tcpProxy>>
let redisProxy: Awaited<ReturnType<typeof tcpProxy>>

beforeAll(async () => {
  const dbUrl = new URL(await createTestDatabase(pgUrl.toString(), 'outage'))
  handle = await openDatabase({ url: dbUrl.toString(), poolSize: 2 })
  await migrate(handle)
  setDatabase(handle)
  pgProxy = await tcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) })
  redisProxy = await tcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) })
  const viaProxy = new URL(dbUrl)
  viaProxy.host = `127.0.0.1:${pgProxy.port}`
  server = await startServer({ SUPERVISE: '0', DATABASE_URL: viaProxy.toString(), REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` })
}, 90_000)

afterAll(async () => {
  // A server that died shows why (its output has no personal data: ids and codes only).
  if (server && server.child.exitCode !== null) console.error(`server exited (${server.child.exitCode}):\n${server.output().slice(-4000)}`)
  server?.child.kill('SIGKILL')
  await Promise.all([pgProxy?.close(), redisProxy?.close()])
  setDatabase(undefined)
  await handle?.close()
})

const page = (cookie: string) =>
  fetch(`http://127.0.0.1:${server.port}/members`, { headers: { cookie }, signal: AbortSignal.timeout(15_000) }).then((r) => r.status)

describe('a backing service going away', () => {
  it('PostgreSQL: requests get 503 meanwhile, the process stays up, and pages answer again when it is back', async () => {
    const m = await createMember()
    const cookie = await apiLogin(server.port, m.email, m.password)
    expect(await page(cookie)).toBe(200)

    pgProxy.cut()
    // The pool's idle connections are gone: each is reported as an error event, which must not stop the process.
    const during = await Promise.all([
      page(cookie),
      page(cookie),
      fetch(`http://127.0.0.1:${server.port}/api/chats.php`, { headers: { cookie } }).then((r) => r.status),
    ])
    expect(during).toEqual([503, 503, 503])
    expect(server.child.exitCode).toBeNull()

    pgProxy.restore()
    expect(await page(cookie)).toBe(200)
    expect(server.child.exitCode).toBeNull()
  }, 60_000)

  it('Redis: live delivery pauses while it is away and resumes after the bus reconnects', async () => {
    // Credits for the retries below: only the first three messages are free, and a retry that the partner missed
    // (published before the bus had subscribed again) must not be refused for want of credits.
    const a = await createMember({ name: 'Ann', credits: 100 })
    const b = await createMember({ name: 'Bob', gender: 'male' })
    const sa = memberSocket(server.port, await apiLogin(server.port, a.email, a.password))
    const sb = memberSocket(server.port, await apiLogin(server.port, b.email, b.password))
    await Promise.all([sa.opened, sb.opened])
    const send = (body: string) => sa.ws.send(JSON.stringify({ type: 'send', toProfileId: b.profileId, clientId: crypto.randomUUID(), body }))
    const received = () => sb.events.filter((e): e is Extract<ServerEvent, { type: 'message' }> => e.type === 'message').map((e) => e.message.body)

    send('before')
    await until(() => received().includes('before'))

    redisProxy.cut()
    // The message is stored and acknowledged even though it cannot be published live (the partner reads it on
    // the next load); nothing crashes.
    send('during')
    await until(() => sa.events.filter((e) => e.type === 'ack').length === 2, 10_000)
    expect(server.child.exitCode).toBeNull()

    redisProxy.restore()
    // ioredis reconnects with backoff and subscribes again; then live delivery works as before.
    // Sent again every second until it arrives: under the member's message limit (30 a minute) for the 20 s.
    let lastTry = 0
    await until(() => {
      if (!received().includes('after') && Date.now() - lastTry >= 1000) {
        lastTry = Date.now()
        send('after')
      }
      return received().includes('after')
    }, 20_000).catch(() => {})
    expect(received()).toContain('after')
    expect(server.child.exitCode).toBeNull()
    sa.ws.close()
    sb.ws.close()
  }, 60_000)
})
