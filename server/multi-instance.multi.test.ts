import { type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerEvent } from '#app/features/chat/chat-events'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { createMember } from '../tests/setup/factories'
import { apiLogin as login, createTestDatabase, memberSocket as socket, startServer as startProcess, until } from '../tests/setup/server-process'

// Two real server processes on one PostgreSQL database, joined by Redis pub/sub. Included by vitest.config.ts
// only when TEST_DATABASE_URL and REDIS_URL are set, and it needs the production build (npm test builds first).

const baseUrl = process.env.TEST_DATABASE_URL!
const redisUrl = process.env.REDIS_URL!
const secret = 'multi-instance-test-secret-0123456789abcdefghijkl'
const servers: ChildProcess[] = []
let handle: DbHandle
let dbUrl: string

async function startServer(): Promise<number> {
  // One Redis prefix for both: they must hear each other (and nobody else).
  const s = await startProcess({ DATABASE_URL: dbUrl, REDIS_URL: redisUrl, SESSION_SECRET: secret, REDIS_PREFIX: `multi-${process.pid}:` })
  servers.push(s.child)
  return s.port
}

beforeAll(async () => {
  dbUrl = await createTestDatabase(baseUrl, 'multi')
  handle = await openDatabase({ url: dbUrl, poolSize: 2 })
  await migrate(handle)
  setDatabase(handle)
}, 60_000)

afterAll(async () => {
  for (const s of servers) s.kill('SIGTERM')
  setDatabase(undefined)
  await handle?.close()
})

describe('two server instances', () => {
  it('deliver a message sent through one instance to a socket on the other', async () => {
    const anna = await createMember({ name: 'Anna' })
    const ben = await createMember({ name: 'Ben', gender: 'male' })
    const [portA, portB] = await Promise.all([startServer(), startServer()])
    const sa = socket(portA, await login(portA, anna.email, anna.password))
    const sb = socket(portB, await login(portB, ben.email, ben.password))
    await Promise.all([sa.opened, sb.opened])

    const clientId = crypto.randomUUID()
    sa.ws.send(JSON.stringify({ type: 'send', toProfileId: ben.profileId, clientId, body: 'Across instances' }))
    await until(() => sb.events.some((e) => e.type === 'message'))
    const got = sb.events.find((e) => e.type === 'message') as Extract<ServerEvent, { type: 'message' }>
    expect(got.message).toMatchObject({ body: 'Across instances', clientId, senderId: anna.profileId })
    await until(() => sa.events.some((e) => e.type === 'ack'))

    // A retry with the same client id (say, after a reconnect) is acknowledged with the same message, not re-sent.
    sa.ws.send(JSON.stringify({ type: 'send', toProfileId: ben.profileId, clientId, body: 'Across instances' }))
    await until(() => sa.events.filter((e) => e.type === 'ack').length === 2)
    const acks = sa.events.filter((e) => e.type === 'ack') as Extract<ServerEvent, { type: 'ack' }>[]
    expect(acks[1].message.id).toBe(acks[0].message.id)
    await new Promise((r) => setTimeout(r, 300))
    expect(sb.events.filter((e) => e.type === 'message')).toHaveLength(1)
    sa.ws.close()
    sb.ws.close()
  }, 60_000)

  it('share the login lockout: wrong passwords on either instance count together', async () => {
    const carol = await createMember({ name: 'Carol', email: `carol-${Date.now()}@example.com` })
    const [portA, portB] = await Promise.all([startServer(), startServer()])
    const attempt = (port: number, password: string) =>
      fetch(`http://127.0.0.1:${port}/api/user.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ email: carol.email, password }),
      })
    // The default lockout is 5 wrong passwords; alternate between the two processes.
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 ? portB : portA, 'wrong-password')).status)
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401])
    expect(statuses[4]).toBe(429)
    // Now even the right password is refused, on both instances, with the minutes in the message.
    for (const port of [portA, portB]) {
      const res = await attempt(port, carol.password)
      expect(res.status).toBe(429)
      const body = (await res.json()) as { error: string; minutes: number; message: string }
      expect(body.error).toBe('blocked')
      expect(body.message).toBe(`Too many incorrect attempts, account blocked for ${body.minutes} min.`)
    }
  }, 60_000)
})
