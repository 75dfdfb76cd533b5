import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { consume, createLimiter } from '#app/adapters/rate-limit/rate-limit.server'
import { useTestDatabase } from '../tests/setup/test-db'
import type { TrustProxy } from './client-address.server'
import { createHttpApp } from './http-app.server'

useTestDatabase()

// The requests below come from 127.0.0.1 (this test), as they would from a proxy on this host; the addresses in
// X-Forwarded-For are public ones whose countries the offline GeoIP data knows (NL, DE, US).
const NL = '145.97.0.1'
const DE = '217.0.0.1'
const US = '8.8.8.8'

const servers: http.Server[] = []
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r))
})

/**
 * A server with the Express layer as in production and, in place of React Router, a handler that answers with
 * the client address it was handed and a one-per-address rate limit on it (as login and signup count).
 */
async function serve(trustProxy?: TrustProxy) {
  const limiter = createLimiter({ keyPrefix: `trust-${servers.length}`, points: 1, duration: 60 })
  const app = createHttpApp({
    dataDir: process.env.DATA_DIR!,
    ...(trustProxy === undefined ? {} : { trustProxy }),
    reactRouterHandler: (getLoadContext) => async (req, res) => {
      const { clientIp } = (await getLoadContext(req)) as { clientIp: string }
      res.json({ clientIp, limited: (await consume(limiter, clientIp)) > 0 })
    },
  })
  const server = http.createServer(app)
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const headers = (xff?: string): Record<string, string> => (xff === undefined ? {} : { 'x-forwarded-for': xff })
  return {
    page: async (xff?: string) => (await (await fetch(`${base}/`, { headers: headers(xff) })).json()) as { clientIp: string; limited: boolean },
    country: async (xff?: string) =>
      ((await (await fetch(`${base}/api/settings.php?_force_domain=localhost`, { headers: headers(xff) })).json()) as { geoip_country: string | null })
        .geoip_country,
  }
}

describe('TRUST_PROXY decides whose X-Forwarded-For names the client', () => {
  it('behind a trusted proxy list, two visitors are two addresses: counted apart, each with their own country', async () => {
    const site = await serve(['10.0.0.0/8', '127.0.0.1'])
    expect(await site.page(NL)).toEqual({ clientIp: NL, limited: false })
    expect(await site.page(DE)).toEqual({ clientIp: DE, limited: false })
    // The same visitor again meets their own limit, and only theirs.
    expect(await site.page(NL)).toEqual({ clientIp: NL, limited: true })
    expect(await site.country(NL)).toBe('NL')
    expect(await site.country(DE)).toBe('DE')
  })

  it('from a peer that is not a trusted proxy, X-Forwarded-For is ignored: a client cannot pick its own address', async () => {
    // The proxies are elsewhere (a load balancer's network); this peer talks to the process directly.
    const site = await serve(['10.0.0.0/8'])
    expect(await site.page(NL)).toEqual({ clientIp: '127.0.0.1', limited: false })
    // A fresh forged address each time escapes nothing: every request is the peer's, and the limit holds.
    expect(await site.page(DE)).toEqual({ clientIp: '127.0.0.1', limited: true })
    expect(await site.page(`${US}, ${NL}`)).toEqual({ clientIp: '127.0.0.1', limited: true })
    expect(await site.country(NL)).toBeNull()
  })

  it('a hop count believes that many proxies from the peer back, and no further', async () => {
    // The client said it was US; the first proxy saw NL connect, the second saw DE (the first proxy's address).
    const chain = `${US}, ${NL}, ${DE}`
    expect((await (await serve(1)).page(chain)).clientIp).toBe(DE)
    expect((await (await serve(2)).page(chain)).clientIp).toBe(NL)
    expect((await (await serve(3)).page(chain)).clientIp).toBe(US)
    // More hops than the header has: the first address in it.
    expect((await (await serve(5)).page(chain)).clientIp).toBe(US)
    // 0 (TRUST_PROXY=none): no proxy in front, the peer is the client.
    expect((await (await serve(0)).page(chain)).clientIp).toBe('127.0.0.1')
  })

  it('keeps the default of a proxy on this machine (loopback) for callers that name none', async () => {
    const site = await serve()
    expect((await site.page(`${US}, ${NL}`)).clientIp).toBe(NL)
  })
})
