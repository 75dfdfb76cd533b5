import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { ServerEvent } from '#app/features/chat/chat-events'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { createMember } from '../tests/setup/factories'

// Two real server processes on one PostgreSQL database, joined by Redis pub/sub. Included by vitest.config.ts
// only when TEST_DATABASE_URL and REDIS_URL are set, and it needs the production build (npm test builds first).

const baseUrl = process.env.TEST_DATABASE_URL!
const redisUrl = process.env.REDIS_URL!
const secret = 'multi-instance-test-secret-0123456789abcdefghijkl'
const servers: ChildProcess[] = []
let handle: DbHandle
let dbUrl: string

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

async function startServer(): Promise<number> {
  const port = await freePort()
  const child = spawn(process.execPath, ['server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      SEED_DEMO: '0',
      SESSION_SECRET: secret,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'multi-')),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  servers.push(child)
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)
    if (ok) return port
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

async function login(port: number, email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ email, password }),
  })
  expect(res.status).toBe(200)
  const cookie = res.headers.get('set-cookie') ?? ''
  return cookie.split(';')[0]
}

function socket(port: number, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Cookie: cookie, Origin: `http://127.0.0.1:${port}` } })
  const events: ServerEvent[] = []
  ws.on('message', (d) => events.push(JSON.parse(String(d))))
  return { ws, events, opened: new Promise<void>((res, rej) => (ws.once('open', () => res()), ws.once('error', rej))) }
}

async function until(cond: () => boolean, ms = 5000) {
  const start = Date.now()
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

beforeAll(async () => {
  if (!fs.existsSync('build/server/index.js')) throw new Error('run `npx react-router build` first')
  const url = new URL(baseUrl)
  const name = `${url.pathname.slice(1) || 'test'}_multi`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`drop database if exists "${name}" with (force)`)
  await admin.query(`create database "${name}"`)
  await admin.end()
  url.pathname = `/${name}`
  dbUrl = url.toString()
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
    sb.ws.send(JSON.stringify({ type: 'ping' }))
    await new Promise((r) => setTimeout(r, 300))

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
