import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../tests/setup/test-db'
import { createHttpApp } from './http-app.server'
import { createMember } from '../tests/setup/factories'
import { createSession } from '#app/features/authentication/sessions.server'
import { settingsChanged, updateSetting } from '#app/features/settings/settings.server'

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

  it('answers GET /api/settings.php itself, as the route would, and leaves other methods to React Router', async () => {
    await updateSetting('logged_out_search', false)
    await settingsChanged()
    const res = await fetch(`${base}/api/settings.php?_force_domain=localhost`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('private, max-age=60')
    const body = await res.json()
    // Not the echo of the stand-in React Router handler: the settings, as this visitor sees them.
    expect(body.viewer).toBeUndefined()
    expect(body.domain_language).toBe('en-GB')
    expect(body.geoip_selected_country).toBe('GB')
    expect(body.logged_out_search).toBe(false)
    // A logged-in member may always search.
    const m = await createMember()
    const token = await createSession(m.userId)
    const member = await (await fetch(`${base}/api/settings.php`, { headers: { cookie: `sid=${token}` } })).json()
    expect(member.logged_out_search).toBe(true)
    // A traffic source in the query opens search when the setting says so; the settings change is seen.
    await updateSetting('logged_out_search_trafficsource', true)
    await settingsChanged()
    expect((await (await fetch(`${base}/api/settings.php?network=net1`)).json()).logged_out_search).toBe(true)
    expect((await (await fetch(`${base}/api/settings.php`)).json()).logged_out_search).toBe(false)
    const head = await fetch(`${base}/api/settings.php`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await fetch(`${base}/api/settings.php`, { method: 'POST', headers: { origin: base } })
    expect((await post.json()).viewer).toBeNull()
  })

  it('sends security headers', async () => {
    const res = await fetch(`${base}/healthz`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-powered-by')).toBeNull()
  })
})

describe('errors in the Express layer', () => {
  const unavailable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

  async function serve(handler: Parameters<typeof createHttpApp>[0]['reactRouterHandler']) {
    const s = http.createServer(createHttpApp({ dataDir: process.env.DATA_DIR!, reactRouterHandler: handler }))
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
    return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => new Promise((r) => s.close(r)) }
  }

  it('answers 503 with Retry-After when a backing service is away, 500 for other failures, and keeps serving', async () => {
    const s = await serve(() => async (req) => {
      if (req.path === '/down') throw unavailable()
      throw new Error('a bug')
    })
    const down = await fetch(`${s.url}/down`)
    expect(down.status).toBe(503)
    expect(down.headers.get('retry-after')).toBe('5')
    const bug = await fetch(`${s.url}/bug`)
    expect(bug.status).toBe(500)
    expect(await bug.text()).toBe('Internal Server Error')
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
    await s.close()
  })

  it('turns a React Router 500 into 503 when the entry marked the request as failed for want of a service', async () => {
    // What app/entry.server.tsx handleError does for a loader whose query found the database gone.
    const s = await serve((getLoadContext) => async (req, res) => {
      const ctx = (await getLoadContext(req)) as { requestFailure: { serviceUnavailable: boolean } }
      if (req.path === '/loader-down') ctx.requestFailure.serviceUnavailable = true
      res.status(500).send('error page')
    })
    const down = await fetch(`${s.url}/loader-down`)
    expect(down.status).toBe(503)
    expect(down.headers.get('retry-after')).toBe('5')
    expect((await fetch(`${s.url}/loader-bug`)).status).toBe(500)
    await s.close()
  })
})
