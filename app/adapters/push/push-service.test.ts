import https from 'node:https'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { vapidAuthorization, type VapidClaims } from '../../../tests/setup/push-crypto'
import { startPushService, type PushService, type PushSubscriptionJSON } from '../../../tests/setup/push-service'

// The sendPush tests are only as good as the push service they run against: it must refuse what a browser vendor's
// service refuses. These requests are made by hand, with the flaws a correct sender never has.

let service: PushService
let sub: PushSubscriptionJSON
const keys = webpush.generateVAPIDKeys()
const hour = 3600

beforeAll(async () => {
  service = await startPushService()
})
afterAll(async () => {
  await service.close()
})
beforeEach(() => {
  service.reset()
  sub = service.subscribe()
})

/** A correct request (web-push's encryption and headers), then spoiled by `change`. */
function request(change: (r: { headers: Record<string, string | number>; body: Buffer }) => void = () => {}, to = sub) {
  const details = webpush.generateRequestDetails(to, JSON.stringify({ hello: 'world' }), {
    vapidDetails: { subject: 'mailto:push@amoura.example', ...keys },
    TTL: 60,
  })
  const r = { headers: { ...details.headers } as Record<string, string | number>, body: details.body }
  change(r)
  return post(to.endpoint, r.headers, r.body)
}

function signed(claims: Partial<VapidClaims>, signer = keys) {
  return (r: { headers: Record<string, string | number> }) => {
    r.headers.Authorization = vapidAuthorization(claims, signer)
  }
}

function post(endpoint: string, headers: Record<string, string | number>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(endpoint, { method: 'POST', headers: { ...headers, 'Content-Length': body.length }, agent: service.agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const b64json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
const now = () => Math.floor(Date.now() / 1000)
const lastReason = () => service.requests.at(-1)?.reason

it('accepts a request as web-push makes it, and one whose VAPID header is made by hand', async () => {
  expect(await request()).toBe(201)
  expect(await request(signed({ aud: service.origin, exp: now() + hour, sub: 'https://amoura.example' }))).toBe(201)
  expect(service.received.map((m) => m.payload)).toEqual([{ hello: 'world' }, { hello: 'world' }])
})

describe('answers 401 to a VAPID header', () => {
  const cases: [string, () => Parameters<typeof request>[0], string][] = [
    ['that is missing', () => (r) => void delete r.headers.Authorization, 'no-vapid'],
    ['of another scheme', () => (r) => void (r.headers.Authorization = `WebPush ${String(r.headers.Authorization).slice(6)}`), 'no-vapid'],
    [
      'signed by another key than k',
      () => signed({ aud: service.origin, exp: now() + hour, sub: 'mailto:a@b.example' }, { ...keys, privateKey: webpush.generateVAPIDKeys().privateKey }),
      'bad-signature',
    ],
    [
      'whose claims were changed after signing',
      () => (r) =>
        void (r.headers.Authorization = String(r.headers.Authorization).replace(
          /\.[\w-]+\./,
          `.${b64json({ aud: service.origin, exp: now() + hour, sub: 'mailto:evil@b.example' })}.`,
        )),
      'bad-signature',
    ],
    [
      'whose JWT is not ES256',
      () => (r) => void (r.headers.Authorization = String(r.headers.Authorization).replace(/t=[\w-]+\./, `t=${b64json({ typ: 'JWT', alg: 'none' })}.`)),
      'bad-jwt',
    ],
    ['for another origin', () => signed({ aud: 'https://push.example', exp: now() + hour, sub: 'mailto:a@b.example' }), 'bad-audience'],
    ['for the endpoint URL instead of its origin', () => signed({ aud: sub.endpoint, exp: now() + hour, sub: 'mailto:a@b.example' }), 'bad-audience'],
    ['that has expired', () => signed({ aud: service.origin, exp: now() - 1, sub: 'mailto:a@b.example' }), 'expired'],
    ['without exp', () => signed({ aud: service.origin, sub: 'mailto:a@b.example' }), 'expired'],
    ['valid for more than 24 hours', () => signed({ aud: service.origin, exp: now() + 25 * hour, sub: 'mailto:a@b.example' }), 'exp-too-far'],
    ['without sub', () => signed({ aud: service.origin, exp: now() + hour }), 'bad-subject'],
    ['whose sub is neither mailto: nor https:', () => signed({ aud: service.origin, exp: now() + hour, sub: 'http://amoura.example' }), 'bad-subject'],
  ]
  it.each(cases)('%s', async (_, spoil, reason) => {
    expect(await request(spoil())).toBe(401)
    expect(lastReason()).toBe(reason)
    expect(service.received).toHaveLength(0)
  })
})

it('answers 403 when the subscription was made for another application server key', async () => {
  expect(await request(undefined, service.subscribe({ applicationServerKey: keys.publicKey }))).toBe(201)
  expect(await request(undefined, service.subscribe({ applicationServerKey: webpush.generateVAPIDKeys().publicKey }))).toBe(403)
  expect(lastReason()).toBe('key-mismatch')
})

describe('answers 400 to', () => {
  it.each([
    ['a message without TTL', (r: { headers: Record<string, unknown> }) => void delete r.headers.TTL, 'bad-ttl'],
    ['an unknown urgency', (r: { headers: Record<string, unknown> }) => void (r.headers.Urgency = 'urgent'), 'bad-urgency'],
    ['a topic over 32 characters', (r: { headers: Record<string, unknown> }) => void (r.headers.Topic = 'a'.repeat(33)), 'bad-topic'],
    ['a body altered in transit', (r: { body: Buffer }) => void (r.body[r.body.length - 20] ^= 1), 'undecryptable'],
  ])('%s', async (_, spoil, reason) => {
    expect(await request(spoil as never)).toBe(400)
    expect(lastReason()).toBe(reason)
  })

  it('a body encrypted for another subscription', async () => {
    const other = service.subscribe()
    const details = webpush.generateRequestDetails(other, 'x', { vapidDetails: { subject: 'mailto:a@b.example', ...keys }, TTL: 0 })
    expect(await post(sub.endpoint, details.headers as Record<string, string | number>, details.body)).toBe(400)
    expect(lastReason()).toBe('undecryptable')
  })
})

it('answers 413 to a body over 4096 octets and 415 to another content encoding', async () => {
  expect(await request((r) => void (r.body = Buffer.concat([r.body, Buffer.alloc(4097 - r.body.length)])))).toBe(413)
  expect(await request((r) => void (r.headers['Content-Encoding'] = 'aesgcm'))).toBe(415)
  expect(service.received).toHaveLength(0)
})
