import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { Redis } from 'ioredis'
import webpush from 'web-push'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerEvent } from '#app/features/chat/chat-events'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { ChatClient, type Endpoint } from '../setup/chat-client'
import { createMember } from '../setup/factories'
import { startPushService, type PushService } from '../setup/push-service'
import { startS3Server, type S3Server } from '../setup/s3-server'
import { createTestDatabase, startServer, until, type ServerProcess } from '../setup/server-process'
import { jpeg } from '../setup/upload-fixtures'
import { call } from './client'
import { startLoadBalancer } from './load-balancer'
import { startNginx, tempDir } from './nginx'
import { unitLaunch } from './systemd-unit'

// Issue 23, "Deployment, tested on this machine" (docs/operations.md, "Deploying"): the shipped nginx site
// (deploy/nginx/dating.conf) with Debian's nginx in front of two production processes started as the shipped
// systemd unit starts them, on one PostgreSQL and one Redis. Every visitor goes through nginx over TLS; the test
// reads each process's /metrics directly (on loopback, as an operator's agent does) to know which process did what.
//
// Two nginx instances run the same site: the edge (as shipped: the TCP peer is the visitor), and one behind a load
// balancer (its real_ip lines on, trusting the balancer's address), with a small balancer in front that plays the
// internet: each loopback source address stands for a public address (127.0.0.2 in the Netherlands, 127.0.0.3 in
// Germany), which it appends to X-Forwarded-For as a cloud balancer does.

const PORTS = { edge: 4600, edgeHttp: 4601, behindLb: 4602, behindLbHttp: 4603, lb: 4604, a: 4610, b: 4611 }
const SITE = `https://127.0.0.1:${PORTS.edge}`
const LB_ADDRESS = '127.0.0.9'
const VISITORS = { '127.0.0.2': '145.97.0.1', '127.0.0.3': '217.0.0.1' } // NL, DE (app/adapters/geoip)
const LOGIN_LIMIT = 4
// Made per run, as an operator makes one (`openssl rand -base64 48`), and the same for both processes.
const SESSION_SECRET = crypto.randomBytes(36).toString('base64')
const REDIS_PREFIX = `h6topo-${process.pid}:`
// The site's Web Push identity, the same in every process's environment (as in /etc/dating/dating.env).
const VAPID = webpush.generateVAPIDKeys()

type Proc = { name: 'A' | 'B'; port: number; proc?: ServerProcess; dataDir: string }

let handle: DbHandle
let dbUrl: string
let push: PushService
let s3: S3Server
let serverEnv: Record<string, string>
let edge: Awaited<ReturnType<typeof startNginx>>
let behindLb: Awaited<ReturnType<typeof startNginx>>
let lb: Awaited<ReturnType<typeof startLoadBalancer>>
const A: Proc = { name: 'A', port: PORTS.a, dataDir: '' }
const B: Proc = { name: 'B', port: PORTS.b, dataDir: '' }
const clients: ChatClient[] = []
const sockets: WebSocket[] = []
const dirs: string[] = []

const through = (): Endpoint => ({ wsPort: PORTS.edge, httpPort: PORTS.edge, secure: true })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows

/**
 * Drops the run's database. PostgreSQL finishes a drop after a checkpoint, which a busy machine can take minutes
 * to reach: the test waits 10 s at most, and the server completes the drop on its own.
 */
async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1)
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  const dropped = admin.query(`drop database if exists "${name}" with (force)`).then(
    () => true,
    () => false,
  )
  if (await Promise.race([dropped, sleep(10_000).then(() => false)])) await admin.end()
  else void admin.end().catch(() => {})
}

/** A process as the shipped unit starts it: its ExecStart and Environment= lines, the env file's variables. */
async function start(p: Proc) {
  const unit = unitLaunch(String(p.port))
  expect(unit.exec.slice(1), 'ExecStart').toEqual(['server/index.js'])
  p.proc = await startServer({ ...serverEnv, ...unit.env, DATA_DIR: p.dataDir }, 90_000, { port: p.port })
}

/** SIGTERM, as `systemctl stop` sends it; resolves with the exit code. */
async function stop(p: Proc): Promise<number | null> {
  const proc = p.proc!
  proc.child.kill('SIGTERM')
  const code = await Promise.race([proc.exited, sleep(30_000).then(() => 'hung' as const)])
  if (code === 'hung') throw new Error(`${p.name} did not stop within 30 s of SIGTERM:\n${proc.output().slice(-4000)}`)
  return code
}

/** One process's Prometheus metrics, read on its own port from loopback without forwarding headers. */
async function metric(p: Proc, name: string, labels: Record<string, string> = {}): Promise<number> {
  const r = await call(`http://127.0.0.1:${p.port}/metrics`)
  if (r.status !== 200) throw new Error(`${p.name} /metrics answered ${r.status}`)
  let sum = 0
  for (const line of r.body.toString('utf8').split('\n')) {
    const m = /^(\w+)(?:\{(.*)\})? ([\d.e+-]+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]))
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3])
  }
  return sum
}
const both = async (name: string, labels: Record<string, string> = {}) => ({ A: await metric(A, name, labels), B: await metric(B, name, labels) })

/** Logs in through nginx (from its own loopback address, so the logins count against no test's address). */
async function login(email: string, password: string, from: string): Promise<string> {
  const r = await call(`${SITE}/api/user.php`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify({ email, password }),
  })
  if (r.status !== 200) throw new Error(`login answered ${r.status}: ${r.body.toString('utf8')}`)
  return String(r.headers['set-cookie']?.[0] ?? '').split(';')[0]
}

/** A member's own socket through nginx, with the events it receives. */
async function memberSocket(cookie: string) {
  const ws = new WebSocket(`wss://127.0.0.1:${PORTS.edge}/ws`, { headers: { Cookie: cookie, Origin: SITE } })
  sockets.push(ws)
  const events: ServerEvent[] = []
  ws.on('message', (d) => events.push(JSON.parse(String(d)) as ServerEvent))
  await until(() => events.some((e) => e.type === 'ready'), 10_000)
  return { ws, events }
}

beforeAll(async () => {
  // A name of this run's own: dropping an older one waits for a checkpoint, minutes on a busy machine.
  dbUrl = await createTestDatabase(process.env.TEST_DATABASE_URL!, `h6_topology_${process.pid}`)
  handle = await openDatabase({ url: dbUrl, poolSize: 2 })
  await migrate(handle)
  setDatabase(handle)
  // Small enough to reach in a few attempts; messages as fast as the test writes them.
  await updateSetting('rate_limits', { ...defaultSettings.rate_limits, login_ip_per_15min: LOGIN_LIMIT })
  await updateSetting('write_limits', { ...defaultSettings.write_limits, messages_per_minute: 100_000 })
  push = await startPushService()
  // Media on the local S3 server; each process a data folder of its own, as on two machines.
  s3 = await startS3Server()
  A.dataDir = tempDir('data-a')
  B.dataDir = tempDir('data-b')
  dirs.push(A.dataDir, B.dataDir)
  serverEnv = {
    // What deploy/systemd/dating.env.example names, with this machine's services.
    PUBLIC_URL: SITE,
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX,
    SESSION_SECRET,
    // nginx's address as the app sees it: X-Forwarded-For is believed from it only.
    TRUST_PROXY: '127.0.0.1',
    // No payment provider on this machine: the sandbox, given explicitly as a production site requires.
    PAYMENT_PROVIDER: 'sandbox',
    SEED_DEMO: '0',
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:webmaster@example.com',
    MEDIA_STORAGE: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    LOG_LEVEL: 'warn',
    // The test's push service: its certificate, and its address on loopback (server/test-hooks.server.ts).
    NODE_EXTRA_CA_CERTS: push.caFile,
    TEST_PUSH_TO_LOOPBACK: '1',
  }
  await Promise.all([start(A), start(B)])
  const site = { cert: process.env.TOPOLOGY_TLS_CERT!, key: process.env.TOPOLOGY_TLS_KEY!, upstreams: [A, B].map((p) => `127.0.0.1:${p.port}`) }
  const edgeDir = tempDir('nginx-edge')
  const lbDir = tempDir('nginx-lb')
  edge = await startNginx({ ...site, https: `127.0.0.1:${PORTS.edge}`, http: `127.0.0.1:${PORTS.edgeHttp}`, dir: edgeDir })
  behindLb = await startNginx({
    ...site,
    https: `127.0.0.1:${PORTS.behindLb}`,
    http: `127.0.0.1:${PORTS.behindLbHttp}`,
    dir: lbDir,
    loadBalancers: [LB_ADDRESS],
  })
  lb = await startLoadBalancer({ port: PORTS.lb, target: { host: '127.0.0.1', port: PORTS.behindLb }, ownAddress: LB_ADDRESS, visitors: VISITORS })
}, 180_000)

afterAll(async () => {
  for (const c of clients) c.stop()
  for (const ws of sockets) ws.terminate()
  await lb?.close()
  await edge?.stop()
  await behindLb?.stop()
  for (const p of [A, B]) {
    // A process that ended by itself: what it said, for the failure it caused (ids and codes only, never personal data).
    if (p.proc && p.proc.child.exitCode !== null) console.error(`${p.name} exited (${p.proc.child.exitCode}):\n${p.proc.output().slice(-4000)}`)
    if (p.proc && p.proc.child.exitCode === null) p.proc.child.kill('SIGKILL')
  }
  await push?.close()
  await s3?.stop()
  // The rate limits and socket registry the processes left in the shared Redis.
  const redis = new Redis(process.env.REDIS_URL!)
  for await (const keys of redis.scanStream({ match: `${REDIS_PREFIX}*`, count: 500 }) as AsyncIterable<string[]>) if (keys.length) await redis.del(...keys)
  redis.disconnect()
  setDatabase(undefined)
  await handle?.close()
  if (dbUrl) await dropDatabase(dbUrl)
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

describe('the shipped deployment on this machine: nginx in front of two production processes', () => {
  it('terminates TLS, sends http to https, keeps /metrics and /dev closed and caches the hashed assets', async () => {
    const redirect = await call(`http://127.0.0.1:${PORTS.edgeHttp}/login?x=1`)
    expect(redirect.status).toBe(301)
    expect(redirect.headers.location).toBe('https://127.0.0.1/login?x=1')
    const health = await call(`${SITE}/healthz`)
    expect(health.status).toBe(200)
    // The app knows it is served over https: HSTS, Secure cookies.
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/)

    // The app itself answers /metrics on its own port (loopback, no forwarding headers) ...
    expect((await call(`http://127.0.0.1:${A.port}/metrics`)).status).toBe(200)
    // ... nginx never passes it or /dev on, whatever the spelling: its own 404, without the app's headers.
    for (const p of [
      '/metrics',
      '/METRICS',
      '/metrics/',
      '/metrics?x=1',
      '//metrics',
      '/%6detrics',
      '/dev/outbox',
      '/Dev/Outbox',
      '/dev',
      '/%64ev/outbox',
      '/__e2e/settings',
    ]) {
      const r = await call(`${SITE}${p}`)
      expect(r.status, p).toBe(404)
      expect(r.headers['content-security-policy'], `${p} answered by the app`).toBeUndefined()
    }

    // A hashed build file: a year in browsers, and from nginx's cache the second time (the app is asked once).
    const asset = fs.readdirSync(path.resolve('build/client/assets')).find((n) => n.endsWith('.js'))!
    const before = await both('http_requests_total', { route: 'assets' })
    const first = await call(`${SITE}/assets/${asset}`)
    const second = await call(`${SITE}/assets/${asset}`)
    for (const r of [first, second]) {
      expect(r.status).toBe(200)
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    expect(second.body.equals(first.body)).toBe(true)
    const after = await both('http_requests_total', { route: 'assets' })
    expect(after.A - before.A + after.B - before.B, 'asset requests that reached the app').toBe(1)
    // A name that does not exist is not cached for a year.
    const missing = await call(`${SITE}/assets/missing-0000.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable')
  })

  it('two members on different processes chat live', async () => {
    const her = await createMember({ name: 'Her', credits: 10_000 })
    const him = await createMember({ name: 'Him', gender: 'male', credits: 10_000 })
    const herChat = new ChatClient('her', await login(her.email, her.password, '127.0.1.1'), her.profileId, him.profileId, through).start()
    clients.push(herChat)
    await until(() => herChat.ready, 10_000)
    const himChat = new ChatClient('him', await login(him.email, him.password, '127.0.1.2'), him.profileId, her.profileId, through).start()
    clients.push(himChat)
    await until(() => himChat.ready, 10_000)
    // nginx gave the second socket to the process without one (least_conn).
    expect(await both('websocket_connections')).toEqual({ A: 1, B: 1 })

    const hello = herChat.send('Hello from the other process')
    await until(() => himChat.view.has(hello), 10_000)
    const reply = himChat.send('Hello back')
    await until(() => herChat.view.has(reply), 10_000)
    // Live: each arrived as a socket event, none by a catch-up.
    expect(himChat.received.message).toBeGreaterThanOrEqual(1)
    expect(herChat.received.message).toBeGreaterThanOrEqual(1)
    expect([...herChat.catchUpMs, ...himChat.catchUpMs]).toEqual([])
    expect(herChat.shown().map((m) => m.clientId)).toEqual([hello, reply])
    expect(himChat.shown().map((m) => m.clientId)).toEqual([hello, reply])
  })

  it('a photo uploaded through one process is served by the other', async () => {
    const member = await createMember({ name: 'Photographer' })
    const cookie = await login(member.email, member.password, '127.0.1.3')
    const form = new FormData()
    form.set('photo', new File([new Uint8Array(await jpeg(640, 480, '#36c'))], 'me.jpg', { type: 'image/jpeg' }))
    const bucket = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    })
    const objects = async () => (await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).KeyCount ?? 0
    const objectsBefore = await objects()
    const uploads = await both('http_requests_total', { method: 'POST', route: 'api-photos', status: '2xx' })
    const res = await fetch(`${SITE}/api/photos.php`, { method: 'POST', body: form, headers: { Cookie: cookie, Origin: SITE } })
    expect(res.status).toBe(201)
    const { photo } = (await res.json()) as { photo: { thumbUrl: string } }
    const afterUpload = await both('http_requests_total', { method: 'POST', route: 'api-photos', status: '2xx' })
    const uploader = afterUpload.A > uploads.A ? A : B
    const other = uploader === A ? B : A

    // Asked again until the other process has answered it (nginx alternates; a few tries at most).
    const served = () => metric(other, 'http_requests_total', { method: 'GET', route: 'photo', status: '2xx' })
    const servedBefore = await served()
    const bodies: Buffer[] = []
    for (let i = 0; i < 6 && (await served()) === servedBefore; i++) {
      const r = await call(`${SITE}${photo.thumbUrl}`, { headers: { Cookie: cookie } })
      expect(r.status, `${photo.thumbUrl}: ${r.body.toString('utf8').slice(0, 200)}`).toBe(200)
      expect(r.headers['content-type']).toBe('image/webp')
      bodies.push(r.body)
    }
    expect(await served(), `${other.name} served the photo ${uploader.name} received`).toBeGreaterThan(servedBefore)
    expect(bodies[0].subarray(8, 12).toString('latin1')).toBe('WEBP')
    for (const b of bodies) expect(b.equals(bodies[0])).toBe(true)
    // The photo lives in the bucket (its variants), on neither machine's disk.
    expect(await objects()).toBeGreaterThan(objectsBefore)
    bucket.destroy()
    const onDisk = [A, B].flatMap((p) => fs.readdirSync(p.dataDir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.webp')))
    expect(onDisk).toEqual([])
  })

  it('a push signed by either process is accepted by the same subscription’s keys', async () => {
    const recipient = await createMember({ name: 'Subscriber', gender: 'male' })
    const sender = await createMember({ name: 'Sender', credits: 10_000 })
    const recipientCookie = await login(recipient.email, recipient.password, '127.0.1.4')
    // The browser subscribes with the key the site publishes, and the push service holds it to that key.
    const key = (await call(`${SITE}/api/settings.php`, { headers: { Cookie: recipientCookie } })).json<{ push_public_key: string }>().push_public_key
    expect(key).toBe(VAPID.publicKey)
    const subscription = push.subscribe({ applicationServerKey: key })
    const saved = await call(`${SITE}/api/user.php?push=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE, cookie: recipientCookie },
      body: JSON.stringify({ subscription }),
    })
    expect(saved.status, saved.body.toString('utf8')).toBe(200)

    // The sender on two sockets, one on each process: a message sent on a process has its push sent there.
    const senderCookie = await login(sender.email, sender.password, '127.0.1.5')
    const onProcess = new Map<Proc, Awaited<ReturnType<typeof memberSocket>>>()
    for (let i = 0; i < 6 && onProcess.size < 2; i++) {
      const before = await both('websocket_connections')
      const s = await memberSocket(senderCookie)
      const after = await both('websocket_connections')
      const p = after.A > before.A ? A : B
      if (onProcess.has(p)) s.ws.close()
      else onProcess.set(p, s)
    }
    expect(onProcess.size, 'sockets on both processes').toBe(2)

    const pushes = () => both('jobs_total', { job: 'push.notify', outcome: 'completed' })
    const sent: string[] = []
    // Each process in turn signs one: the other is frozen meanwhile (SIGSTOP), so that no job of this one's can be
    // taken by the other's runner; the message goes out on this process's socket.
    for (const [p, s] of onProcess) {
      const other = p === A ? B : A
      const before = await pushes()
      other.proc!.child.kill('SIGSTOP')
      try {
        const clientId = crypto.randomUUID()
        const body = `Push signed by ${p.name}`
        sent.push(body)
        s.ws.send(JSON.stringify({ type: 'send', toProfileId: recipient.profileId, clientId, body }))
        await until(() => s.events.some((e) => e.type === 'ack' && e.clientId === clientId), 10_000)
        await until(() => push.received.length >= sent.length, 15_000)
        // Counted once the runner has recorded the job done, a moment after the push service answered.
        await until(async () => (await metric(p, 'jobs_total', { job: 'push.notify', outcome: 'completed' })) > before[p.name], 10_000)
      } finally {
        other.proc!.child.kill('SIGCONT')
      }
      const after = await pushes()
      expect(after[p.name] - before[p.name], `pushes sent by ${p.name}`).toBe(1)
      expect(after[other.name] - before[other.name], `pushes sent by ${other.name}`).toBe(0)
    }
    // Every one accepted (VAPID signed with the subscription's key) and decrypted with the subscription's keys.
    expect(push.requests.map((r) => r.status)).toEqual(sent.map(() => 201))
    expect(push.received.map((r) => r.vapid.publicKey)).toEqual(sent.map(() => key))
    expect(push.received.map((r) => r.vapid.claims.sub)).toEqual(sent.map(() => 'mailto:webmaster@example.com'))
    expect(push.received.map((r) => (r.payload as { body: string }).body).sort()).toEqual([...sent].sort())
  })

  it('rate limits and the visitor’s country follow the real client address, not a forged header', async () => {
    const country = async (base: string, from: string, headers: Record<string, string> = {}) =>
      (await call(`${base}/api/settings.php`, { from, headers })).json<{ geoip_country: string | null }>().geoip_country
    const wrongLogin = async (base: string, from: string, headers: Record<string, string> = {}) =>
      (
        await call(`${base}/api/user.php`, {
          method: 'POST',
          from,
          headers: { 'content-type': 'application/json', origin: SITE, ...headers },
          body: JSON.stringify({ email: `nobody-${crypto.randomUUID()}@example.com`, password: 'wrong-password' }),
        })
      ).status
    const viaLb = `http://127.0.0.1:${PORTS.lb}`
    const lbNginx = `https://127.0.0.1:${PORTS.behindLb}`

    // Behind the load balancer: two visitors, two countries; a visitor's own X-Forwarded-For changes nothing.
    expect(await country(viaLb, '127.0.0.2')).toBe('NL')
    expect(await country(viaLb, '127.0.0.3')).toBe('DE')
    expect(await country(viaLb, '127.0.0.2', { 'x-forwarded-for': '8.8.8.8' })).toBe('NL')
    // Straight to nginx, past the balancer: the header is not believed from anyone else.
    expect(await country(lbNginx, '127.0.0.4', { 'x-forwarded-for': '8.8.8.8' })).toBeNull()
    // The edge as shipped believes no visitor's header at all.
    expect(await country(SITE, '127.0.0.4', { 'x-forwarded-for': '145.97.0.1' })).toBeNull()

    // The login limit (LOGIN_LIMIT a quarter of an hour per address, counted in Redis by both processes).
    const nl: number[] = []
    for (let i = 0; i <= LOGIN_LIMIT; i++) nl.push(await wrongLogin(viaLb, '127.0.0.2'))
    expect(nl).toEqual([...Array(LOGIN_LIMIT).fill(401), 429])
    // The Dutch visitor is stopped, with or without a forged header; the German one is not.
    expect(await wrongLogin(viaLb, '127.0.0.2', { 'x-forwarded-for': '203.0.113.7' })).toBe(429)
    expect(await wrongLogin(viaLb, '127.0.0.3')).toBe(401)

    // The same at the edge: visitors told apart by their own addresses, forged headers ignored.
    const first: number[] = []
    for (let i = 0; i <= LOGIN_LIMIT; i++) first.push(await wrongLogin(SITE, '127.0.0.5', { 'x-forwarded-for': `198.51.100.${i}` }))
    expect(first).toEqual([...Array(LOGIN_LIMIT).fill(401), 429])
    expect(await wrongLogin(SITE, '127.0.0.6')).toBe(401)
    expect(await wrongLogin(SITE, '127.0.0.6', { 'x-forwarded-for': '127.0.0.5' })).toBe(401)
  })

  it('a process restarted behind nginx loses no message (systemctl restart: SIGTERM, a new process)', async () => {
    const closes = clients.map((c) => c.closeCodes.length)
    await restartWhileChatting(A, async () => {
      expect(await stop(A)).toBe(0)
      await start(A)
    })
    // The member whose socket was on A was told to reconnect (1012), not cut off.
    expect(clients.flatMap((c, i) => c.closeCodes.slice(closes[i]))).toContain(1012)
  })

  it('a process that crashed and was started again behind nginx loses no message (Restart=on-failure)', async () => {
    const closes = clients.map((c) => c.closeCodes.length)
    await restartWhileChatting(B, async () => {
      B.proc!.child.kill('SIGKILL')
      await B.proc!.exited
      await sleep(2000) // RestartSec=2s
      await start(B)
    })
    // The member whose socket was on B lost it without a goodbye (1006), and came back through nginx.
    expect(clients.flatMap((c, i) => c.closeCodes.slice(closes[i]))).toContain(1006)
  })
})

/**
 * Both members write a stream of messages through nginx while `restart` happens to `p`. Then every message is
 * stored once and both members show the whole conversation as stored, the process is a new one, and nginx sends it
 * work again once the 5 s it leaves a failed process alone are over (max_fails=1 fail_timeout=5s in the site).
 */
async function restartWhileChatting(p: Proc, restart: () => Promise<void>) {
  const [her, him] = clients
  const messages = 12
  const bootOf = async () => (await call(`http://127.0.0.1:${p.port}/healthz`)).json<{ boot: string }>().boot
  const bootBefore = await bootOf()
  const writing = Promise.all(
    [her, him].map(async (c) => {
      for (let i = 0; i < messages; i++) {
        c.send(`restart of ${p.name}: ${i} from ${c.name}`)
        await sleep(250)
      }
    }),
  )
  await sleep(800)
  await restart()
  await writing
  const stored = async () =>
    rowsOf<{ clientId: string }>(
      await handle.db.execute(sql`select client_id as "clientId" from messages where conversation_id = ${her.conversationId} order by id`),
    ).map((m) => m.clientId)
  await until(async () => {
    if ([her, him].some((c) => c.pending.size > 0 || !c.ready)) return false
    const ids = await stored()
    return [her, him].every((c) => c.view.size === ids.length)
  }, 30_000).catch(() => {
    throw new Error(
      `not settled: ${[her, him].map((c) => `${c.name} pending ${c.pending.size} shown ${c.view.size} ready ${c.ready}`).join('; ')}\n${p.proc?.output().slice(-3000)}`,
    )
  })
  const ids = await stored()
  for (const c of [her, him]) {
    expect(
      c.shown().map((m) => m.clientId),
      `${c.name} shows the conversation as stored`,
    ).toEqual(ids)
    for (const id of c.written)
      expect(
        ids.filter((x) => x === id),
        `${c.name}'s ${id} stored once`,
      ).toHaveLength(1)
    expect(c.refusals).toEqual([])
  }
  expect(await bootOf()).not.toBe(bootBefore)
  const before = await metric(p, 'http_requests_total', { route: 'healthz' })
  await until(async () => {
    await call(`${SITE}/healthz`)
    return (await metric(p, 'http_requests_total', { route: 'healthz' })) > before
  }, 15_000)
}
