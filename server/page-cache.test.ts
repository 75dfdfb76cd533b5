import http from 'node:http'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../tests/setup/test-db'
import { settingsChanged, updateSetting } from '#app/features/settings/settings.server'
import { serverTiming } from './server-timing.server'
import { anonymousPageCache } from './page-cache.server'
import { securityHeaders } from './security-headers.server'

useTestDatabase()

let server: http.Server
let base: string
let renders = 0
const cache = anonymousPageCache({ ttlMs: 60_000 })

beforeAll(async () => {
  const app = express()
  app.set('trust proxy', 'loopback')
  app.use(serverTiming)
  app.use(compression({ threshold: 0 }))
  app.use(securityHeaders({}))
  app.use(cache)
  // Stands in for React Router: a page that shows how often it was rendered and what the request carried.
  app.get('/{*splat}', async (req, res) => {
    renders += 1
    if (req.query.slow) await new Promise((r) => setTimeout(r, 80))
    if (req.query.status) res.status(Number(req.query.status))
    if (req.query.cookie) res.append('Set-Cookie', 'tracking=x; Path=/')
    res.type(req.query.json ? 'application/json' : 'text/html').setHeader('Cache-Control', 'no-cache')
    if (req.query.script) res.write(`<script nonce="${res.locals.cspNonce as string}">1</script>`)
    res.write(`<p>render ${renders}</p>`)
    res.end(`<p>${req.get('cookie') ?? ''}</p>`)
  })
  server = http.createServer(app)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
})

beforeEach(() => {
  cache.clear()
  renders = 0
})

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { headers })
  return { status: res.status, text: await res.text(), headers: res.headers }
}

describe('the page cache for logged-out visitors', () => {
  it('gives every reply of a cached page its own CSP nonce, in the header and on the scripts', async () => {
    const nonceOf = (r: { text: string; headers: Headers }) => {
      const inPage = /nonce="([^"]+)"/.exec(r.text)?.[1]
      expect(r.headers.get('content-security-policy')).toContain(`'nonce-${inPage}'`)
      return inPage
    }
    const first = await page('/?script=1')
    const second = await page('/?script=1')
    expect(second.text.replace(/nonce="[^"]+"/, '')).toBe(first.text.replace(/nonce="[^"]+"/, ''))
    expect(renders).toBe(1)
    expect(nonceOf(second)).not.toBe(nonceOf(first))
  })

  it('gives a replayed page its own Server-Timing, not the time of the render that stored it', async () => {
    const total = (r: { headers: Headers }) => Number(/total;dur=([\d.]+)/.exec(r.headers.get('server-timing') ?? '')?.[1])
    const first = await page('/?slow=1')
    const second = await page('/?slow=1')
    expect(renders).toBe(1)
    expect(total(first)).toBeGreaterThanOrEqual(70)
    expect(total(second)).toBeLessThan(70)
  })

  it('renders /, /login and /signup once per set of inputs and replays them with their headers', async () => {
    const first = await page('/')
    const second = await page('/')
    expect(first.text).toBe('<p>render 1</p><p></p>')
    expect(second.text).toBe(first.text)
    expect(second.headers.get('cache-control')).toBe('no-cache')
    expect(second.headers.get('content-type')).toMatch(/^text\/html/)
    await page('/login')
    await page('/login')
    await page('/signup?network=abc')
    await page('/signup?network=abc')
    expect(renders).toBe(3)
  })

  it('keeps apart what changes the page: query, language, entry warning and tracking cookies, host', async () => {
    await page('/')
    await page('/?network=abc')
    await page('/', { cookie: 'i18n_redirected=nl' })
    await page('/', { cookie: 'i18n_redirected=de' })
    await page('/', { cookie: 'entry_warning_skipped=1' })
    await page('/', { cookie: 'tracking=%7B%22network%22%3A%22a%22%7D' })
    await page('/', { cookie: 'tracking=%7B%22network%22%3A%22b%22%7D' })
    expect(renders).toBe(7)
    // An unrelated cookie is not an input.
    await page('/', { cookie: 'i18n_redirected=nl; other=1' })
    expect(renders).toBe(7)
  })

  it('never serves a cached page to a session, nor caches other pages, errors, JSON or pages that set cookies', async () => {
    await page('/')
    expect((await page('/', { cookie: 'sid=abc' })).text).toBe('<p>render 2</p><p>sid=abc</p>')
    for (let i = 0; i < 2; i++) {
      await page('/members')
      await page('/?status=404')
      await page('/?json=1')
      await page('/?cookie=1')
    }
    expect(renders).toBe(2 + 8)
  })

  it('starts empty when the settings change', async () => {
    await page('/')
    await page('/')
    expect(renders).toBe(1)
    await updateSetting('name', 'Renamed')
    await settingsChanged()
    await page('/')
    expect(renders).toBe(2)
  })

  it('compresses a replayed page like a rendered one', async () => {
    await page('/')
    const res = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = []
          r.on('data', (c: Buffer) => chunks.push(c))
          r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }))
        })
        .on('error', reject)
    })
    expect(renders).toBe(1)
    expect(res.encoding).toBe('gzip')
    expect(zlib.gunzipSync(res.body).toString()).toBe('<p>render 1</p><p></p>')
  })

  it('forgets a page after its time', async () => {
    const short = anonymousPageCache({ ttlMs: 50 })
    const app = express()
      .use(short)
      .get('/', (_req, res) => void res.type('text/html').end(`<p>${++renders}</p>`))
    const s = http.createServer(app)
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/`
    expect(await (await fetch(url)).text()).toBe('<p>1</p>')
    expect(await (await fetch(url)).text()).toBe('<p>1</p>')
    await new Promise((r) => setTimeout(r, 80))
    expect(await (await fetch(url)).text()).toBe('<p>2</p>')
    await new Promise((r) => s.close(r))
  })
})
