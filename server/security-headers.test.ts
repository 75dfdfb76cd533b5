import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { paymentFormOrigins, securityHeaders } from './security-headers.server'

const servers: http.Server[] = []

async function serve(opts: Parameters<typeof securityHeaders>[0]) {
  const app = express()
  app.use(securityHeaders(opts))
  app.get('/', (_req, res) => void res.type('html').send(`<script nonce="${res.locals.cspNonce as string}"></script>`))
  const server = http.createServer(app)
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return async () => {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    return { headers: res.headers, body: await res.text() }
  }
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
})

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  )

describe('security headers', () => {
  it('allow scripts only from this site or with the reply’s own nonce, never inline without one', async () => {
    const get = await serve({})
    const [a, b] = [await get(), await get()]
    const nonce = /nonce="([^"]+)"/.exec(a.body)![1]
    const csp = directives(a.headers.get('content-security-policy'))
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`])
    expect(csp.get('script-src-attr')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(a.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe/)
    // 16 random bytes each time: not guessable, not reused.
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    expect(b.body).not.toContain(nonce)
  })

  it('send HSTS and upgrade-insecure-requests only when the public address is https', async () => {
    const plain = await (await serve({ publicUrl: 'http://localhost:3000' }))()
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    expect(directives(plain.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(false)
    const tls = await (await serve({ publicUrl: 'https://dating.example' }))()
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect(directives(tls.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true)
  })

  it('isolate the window and grant the page only geolocation and fullscreen of the device', async () => {
    const { headers } = await (await serve({}))()
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('referrer-policy')).toBe('same-origin')
    const granted = (headers.get('permissions-policy') ?? '').split(', ').filter((p) => !p.endsWith('=()'))
    expect(granted.sort()).toEqual(['fullscreen=(self)', 'geolocation=(self)'])
    expect(headers.get('permissions-policy')).toContain('camera=()')
    expect(headers.get('permissions-policy')).toContain('microphone=()')
  })

  it('let a checkout form lead on to the payment provider’s page, and nowhere else', async () => {
    const { headers } = await (await serve({ formActionOrigins: paymentFormOrigins({ PAYMENT_PROVIDER: 'mollie' }) }))()
    expect(directives(headers.get('content-security-policy')).get('form-action')).toEqual(["'self'", 'https://www.mollie.com'])
    expect(paymentFormOrigins({ PAYMENT_PROVIDER: 'sandbox' })).toEqual([])
    expect(paymentFormOrigins({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_ENDPOINT: 'http://127.0.0.1:4555/v2/' })).toEqual([
      'https://www.mollie.com',
      'http://127.0.0.1:4555',
    ])
  })
})
