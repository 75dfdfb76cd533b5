import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../tests/setup/test-db'
import { createHttpApp } from './http-app.server'

useTestDatabase()

let server: http.Server
let base: string

beforeAll(async () => {
  // The React Router handler is replaced by one that echoes what the Express layer handed it.
  const app = createHttpApp({
    dataDir: process.env.DATA_DIR!,
    reactRouterHandler: (getLoadContext) => async (req, res) => {
      const ctx = await getLoadContext(req)
      res.json({ viewer: ctx.viewer, cookie: req.headers.cookie ?? null })
    },
  })
  server = http.createServer(app)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
})

describe('the Express layer', () => {
  it('refuses state-changing requests from another origin', async () => {
    const bad = await fetch(`${base}/login`, { method: 'POST', headers: { origin: 'http://evil.example' }, body: 'x=1' })
    expect(bad.status).toBe(403)
    const good = await fetch(`${base}/login`, { method: 'POST', headers: { origin: base }, body: 'x=1' })
    expect(good.status).toBe(200)
  })

  it('refuses bodies that are too large or have no length', async () => {
    const big = await fetch(`${base}/api/photos.php`, { method: 'POST', headers: { origin: base }, body: Buffer.alloc(12 * 1024 * 1024) })
    expect(big.status).toBe(413)
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/api/photos.php`, { method: 'POST', headers: { origin: base, 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.write('abc')
      req.end()
    })
    expect(status).toBe(411)
  })

  it('stores the tracking query on the first visit only, and hands no viewer to visitors', async () => {
    const first = await fetch(`${base}/?aff_sub=abc&network=net1`)
    const cookie = first.headers.get('set-cookie') ?? ''
    expect(decodeURIComponent(cookie)).toContain('tracking={"network":"net1","sub1":"abc"}')
    expect((await first.json()).viewer).toBeNull()
    const again = await fetch(`${base}/?network=other`, { headers: { cookie: cookie.split(';')[0] } })
    expect(again.headers.get('set-cookie')).toBeNull()
  })

  it('sends security headers', async () => {
    const res = await fetch(`${base}/healthz`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-powered-by')).toBeNull()
  })
})
