import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import type express from 'express'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../tests/setup/test-db'
import { bus, setBus, type Bus } from '#app/adapters/bus/index.server'
import { createRedisBus } from '#app/adapters/bus/redis-bus.server'
import { resetEnvCache } from '#app/lib/env.server'
import { JobRunner } from '#app/lib/jobs/job-runner.server'
import { setDatabase, type DbHandle } from '#db/client.server'
import { createHttpApp } from './http-app.server'
import { mayReadMetrics } from './ops-endpoints.server'
import { setRouteTable } from './route-labels.server'
import { markShuttingDown } from './shutdown-state'

const { handle } = useTestDatabase()

const TOKEN = 'metrics-token-for-the-tests-0123456789'
let server: http.Server
let base: string
let runner: JobRunner

beforeAll(async () => {
  process.env.METRICS_TOKEN = TOKEN
  resetEnvCache()
  // A route table as the server build gives it (server/app.ts), small: the root, a layout, two pages, the splat.
  setRouteTable({
    root: { id: 'root', path: '' },
    'layouts/default': { id: 'layouts/default', parentId: 'root' },
    index: { id: 'index', parentId: 'root', index: true },
    members: { id: 'members', parentId: 'layouts/default', path: 'members' },
    'members-id': { id: 'members-id', parentId: 'layouts/default', path: 'members/:id' },
    'not-found': { id: 'not-found', parentId: 'layouts/default', path: '*' },
  })
  // The React Router handler is replaced by one that answers every path it is handed with the same 404.
  const app = createHttpApp({
    dataDir: process.env.DATA_DIR!,
    reactRouterHandler: () => (_req, res) => void res.status(404).type('text/html').send('<h1>Page not found</h1>'),
  })
  server = http.createServer(app)
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

// A runner of its own for each test: one whose pass hung on a stand-in database stays stuck.
beforeEach(() => {
  runner = new JobRunner({ pollMs: 50 })
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
  delete process.env.METRICS_TOKEN
  resetEnvCache()
})

afterEach(async () => {
  await runner.stop(100)
  setDatabase(handle())
})

describe('/healthz and /readyz', () => {
  it('healthz answers with the boot id, never from a cache', async () => {
    const res = await fetch(`${base}/healthz`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await res.json()
    expect(body).toEqual({ ok: true, boot: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  })

  it('readyz is ready when the database answers and the job runner polls', async () => {
    runner.start()
    const res = await fetch(`${base}/readyz`)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'off', jobs: 'ok' } })
    expect(res.status).toBe(200)
  })

  it('readyz names the job runner when none runs', async () => {
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ ok: false, checks: { database: 'ok', redis: 'off', jobs: 'fail' } })
  })

  it('readyz answers 503 with no error text when the database fails or does not answer', async () => {
    runner.start()
    const failing = { ...handle(), db: { execute: () => Promise.reject(new Error('connect ECONNREFUSED db.internal:5432 user=secret')) } }
    setDatabase(failing as unknown as DbHandle)
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(503)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({ ok: false, checks: { database: 'fail', redis: 'off' } })
    expect(text).not.toMatch(/ECONNREFUSED|internal|secret|5432/)

    // A database that never answers is a failure after a short wait, not a hanging probe.
    setDatabase({ ...handle(), db: { execute: () => new Promise(() => {}) } } as unknown as DbHandle)
    const started = Date.now()
    const hung = await fetch(`${base}/readyz`)
    expect(hung.status).toBe(503)
    expect((await hung.json()).checks.database).toBe('fail')
    expect(Date.now() - started).toBeLessThan(4000)
  })

  it('readyz checks Redis when the bus has one, and fails when it does not answer', async () => {
    runner.start()
    const memory = bus()
    const broken: Bus = { ...memory, ping: () => Promise.reject(new Error('redis down at redis.internal')) }
    setBus(broken)
    try {
      const res = await fetch(`${base}/readyz`)
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ ok: false, checks: { database: 'ok', redis: 'fail', jobs: 'ok' } })
      if (process.env.REDIS_URL) {
        const redis = createRedisBus(process.env.REDIS_URL, `${process.env.REDIS_PREFIX ?? 'test:'}readyz:`)
        setBus(redis)
        for (let i = 0; i < 50 && (await fetch(`${base}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50))
        expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'ok', jobs: 'ok' } })
        await redis.close()
      }
    } finally {
      setBus(memory)
    }
  })
})

describe('the job runner health', () => {
  it('is healthy while it polls, not once stopped, and not while a pass hangs on the database', async () => {
    // Longer than the window asked about: only passes that ended since keep it healthy.
    runner.start()
    await new Promise((r) => setTimeout(r, 1200))
    expect(runner.isHealthy(1000)).toBe(true)
    await runner.stop()
    expect(runner.isHealthy(1000)).toBe(false)

    setDatabase({ ...handle(), db: new Proxy({}, { get: () => () => new Promise(() => {}) }) } as unknown as DbHandle)
    const stuck = new JobRunner({ pollMs: 50 })
    stuck.start()
    await new Promise((r) => setTimeout(r, 1200))
    expect(stuck.isHealthy(1000)).toBe(false)
    await stuck.stop(10)
  })
})

describe('/metrics', () => {
  const get = (path: string, headers: Record<string, string> = {}, origin = base) => fetch(`${origin}${path}`, { headers })

  it('counts requests by route id, method and status class, with latencies, beside the process metrics', async () => {
    await get('/members/12')
    await get('/members/13')
    await get('/members/13.data')
    await get('/no/such/page')
    await get('/healthz')
    await fetch(`${base}/members`, { method: 'POST', headers: { origin: 'http://evil.example' } })
    const res = await get('/metrics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    expect(text).toMatch(/^http_requests_total\{method="GET",route="members-id",status="4xx"\} 3$/m)
    expect(text).toMatch(/^http_requests_total\{method="GET",route="not-found",status="4xx"\} 1$/m)
    expect(text).toMatch(/^http_requests_total\{method="GET",route="healthz",status="2xx"\} [1-9]/m)
    expect(text).toMatch(/^http_requests_total\{method="POST",route="members",status="4xx"\} 1$/m)
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="members-id"\} 3$/m)
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="members-id"\} 3$/m)
    // No raw path, with its ids, is ever a label.
    expect(text).not.toContain('members/12')
    expect(text).toMatch(/^websocket_connections \d+$/m)
    expect(text).toMatch(/^process_cpu_user_seconds_total /m)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)
    expect(text).toContain('# TYPE chat_messages_sent_total counter')
    expect(text).toContain('# TYPE jobs_total counter')
    expect(text).toContain('# TYPE payments_total counter')
  })

  it('counts jobs by name and outcome', async () => {
    let calls = 0
    const jobs = new JobRunner()
      .defineJob('ops-test-ok', async () => {})
      .defineJob('ops-test-flaky', async () => {
        if (++calls === 1) throw new Error('first attempt fails')
      })
    const { enqueueJobs } = await import('#db/jobs.server')
    await enqueueJobs(handle().db, [
      { name: 'ops-test-ok', payload: {} },
      { name: 'ops-test-flaky', payload: {}, maxAttempts: 2 },
    ])
    await jobs.drain()
    const { db } = await import('#db/client.server')
    const { sql } = await import('drizzle-orm')
    // The retry waits for its backoff: made due at once.
    await db().execute(sql`update jobs set run_at = now()`)
    await jobs.drain()
    const text = await (await get('/metrics')).text()
    expect(text).toMatch(/^jobs_total\{job="ops-test-ok",outcome="completed"\} 1$/m)
    expect(text).toMatch(/^jobs_total\{job="ops-test-flaky",outcome="retried"\} 1$/m)
    expect(text).toMatch(/^jobs_total\{job="ops-test-flaky",outcome="completed"\} 1$/m)
  })

  it('answers only this host directly or the token; to anyone else as an unknown address', async () => {
    const unknown = await get('/nothing-here')
    const unknownBody = await unknown.text()
    // Through a reverse proxy on this host: the peer is loopback, but the request was forwarded.
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
    ]) {
      const res = await get('/metrics', headers)
      expect(res.status).toBe(404)
      expect(await res.text()).toBe(unknownBody)
    }
    expect((await get('/metrics', { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token-wrong-token-wrong' })).status).toBe(404)
    const withToken = await get('/metrics', { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })
    expect(withToken.status).toBe(200)
    expect(await withToken.text()).toContain('http_requests_total')

    // From another address of this machine, when it has one: not loopback.
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)
    if (external) {
      const origin = `http://${external.address}:${(server.address() as AddressInfo).port}`
      expect((await get('/metrics', {}, origin)).status).toBe(404)
      expect((await get('/metrics', { authorization: `Bearer ${TOKEN}` }, origin)).status).toBe(200)
    }
  })

  it('takes the peer address, not req.ip, and knows loopback in IPv4, IPv6 and mapped form', () => {
    const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ socket: { remoteAddress }, ip: '127.0.0.1', headers, get: (h: string) => headers[h.toLowerCase()] }) as unknown as express.Request
    expect(mayReadMetrics(req('127.0.0.1'), undefined)).toBe(true)
    expect(mayReadMetrics(req('127.0.0.53'), undefined)).toBe(true)
    expect(mayReadMetrics(req('::1'), undefined)).toBe(true)
    expect(mayReadMetrics(req('::ffff:127.0.0.1'), undefined)).toBe(true)
    expect(mayReadMetrics(req('10.0.0.5'), undefined)).toBe(false)
    expect(mayReadMetrics(req('::ffff:10.0.0.5'), undefined)).toBe(false)
    expect(mayReadMetrics(req('10.0.0.5'), TOKEN)).toBe(false)
    expect(mayReadMetrics(req('10.0.0.5', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true)
    expect(mayReadMetrics(req('10.0.0.5', { authorization: `Bearer ${TOKEN}x` }), TOKEN)).toBe(false)
    // No token configured: no bearer opens it.
    expect(mayReadMetrics(req('10.0.0.5', { authorization: 'Bearer ' }), undefined)).toBe(false)
  })
})

// Last in the file: the flag stays set for this module once raised.
describe('/readyz while the process stops', () => {
  it('answers 503 from the moment the graceful shutdown begins', async () => {
    runner.start()
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    markShuttingDown()
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ ok: false, shuttingDown: true })
  })
})
