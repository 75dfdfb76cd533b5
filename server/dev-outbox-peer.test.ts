import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createOutboxSms } from '#app/adapters/sms/outbox-sms.server'
import { resetEnvCache } from '#app/lib/env.server'
import * as outbox from '#app/routes/dev-outbox'
import { useTestDatabase } from '../tests/setup/test-db'
import { createHttpApp } from './http-app.server'

useTestDatabase()

// The real Express layer (trust proxy, load context) in front of the real /dev/outbox loader: what it answers is the
// status the page would get.
let server: http.Server
let base: string

beforeAll(async () => {
  const app = createHttpApp({
    dataDir: process.env.DATA_DIR!,
    reactRouterHandler: (getLoadContext) => async (req, res) => {
      const context = await getLoadContext(req)
      try {
        const data = await outbox.loader({ request: new Request(`http://localhost${req.url}`), params: {}, context } as never)
        res.json(data)
      } catch (e) {
        res.status(e instanceof Response ? e.status : 500).end()
      }
    },
  })
  server = http.createServer(app)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
})

const saved = { ...process.env }
afterEach(() => {
  process.env = { ...saved }
  resetEnvCache()
})

const get = (headers: Record<string, string> = {}) => fetch(`${base}/dev/outbox`, { headers })

describe('/dev/outbox through the Express layer', () => {
  it('shows the outboxes to a direct loopback peer', async () => {
    await createOutboxSms(() => {}).send({ to: '+31612345678', body: 'Your code 123456' })
    const res = await get()
    expect(res.status).toBe(200)
    expect((await res.json()).sms).toEqual([expect.objectContaining({ body: 'Your code 123456' })])
  })

  it('refuses a loopback peer that claims to be loopback in X-Forwarded-For (req.ip would say 127.0.0.1)', async () => {
    expect((await get({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(404)
  })

  it('refuses every visitor that a proxy on this host forwards, whatever header it uses', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { forwarded: 'for=127.0.0.1' },
    ]) {
      expect((await get(headers)).status, JSON.stringify(headers)).toBe(404)
    }
  })

  it('is closed on a production site, even to this machine', async () => {
    Object.assign(process.env, { NODE_ENV: 'production', PUBLIC_URL: 'https://dating.example', PAYMENT_PROVIDER: 'sandbox' })
    resetEnvCache()
    expect((await get()).status).toBe(404)
  })
})
