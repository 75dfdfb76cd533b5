import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import webpush from 'web-push'
import { logger } from '#app/lib/logger.server'
import { startPushService, type PushService, type PushSubscriptionJSON } from '../../../tests/setup/push-service'
import { MAX_PUSH_PAYLOAD_BYTES, sendPush, type PushTarget, type SendPushOptions } from './web-push.server'

let service: PushService
const keys = webpush.generateVAPIDKeys()
const subject = 'mailto:push@amoura.example'

beforeAll(async () => {
  service = await startPushService()
})
afterAll(async () => {
  await service.close()
})
beforeEach(() => service.reset())

const target = (s: PushSubscriptionJSON, id = 7): PushTarget => ({ id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
// The test service has a self-signed certificate on 127.0.0.1: trust it through the agent, allow the loopback address.
const opts = (more: Partial<SendPushOptions> = {}): SendPushOptions => ({
  vapid: { subject, ...keys },
  agent: service.agent,
  allowPrivateAddresses: true,
  ...more,
})

describe('sendPush delivers', () => {
  it('an encrypted, VAPID-signed message that decrypts to the JSON sent', async () => {
    const sub = service.subscribe({ applicationServerKey: keys.publicKey })
    const payload = { type: 'message', from: 42, text: 'Hallo 👋 — über', link: '/chat/42' }

    expect(await sendPush(target(sub), payload, opts({ TTL: 120, urgency: 'high', topic: 'chat-42' }))).toEqual({ outcome: 'ok' })

    expect(service.received).toHaveLength(1)
    const [msg] = service.received
    expect(msg.payload).toEqual(payload)
    expect(msg).toMatchObject({ endpoint: sub.endpoint, ttl: 120, urgency: 'high', topic: 'chat-42' })
    expect(msg.vapid.publicKey).toBe(keys.publicKey)
    expect(msg.vapid.claims).toMatchObject({ aud: service.origin, sub: subject })
  })

  it('with TTL 3600, normal urgency and no topic unless told otherwise', async () => {
    const sub = service.subscribe()
    expect(await sendPush(target(sub), { n: 1 }, opts())).toEqual({ outcome: 'ok' })
    expect(service.received[0]).toMatchObject({ ttl: 3600, urgency: 'normal', topic: undefined, payload: { n: 1 } })
  })

  it('a payload of exactly the RFC 8291 limit, which fills the 4096-octet body the service accepts', async () => {
    const sub = service.subscribe()
    const text = 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES - 2) // the JSON quotes make up the rest
    expect(await sendPush(target(sub), text, opts())).toEqual({ outcome: 'ok' })
    expect(service.received[0].payload).toBe(text)
  })
})

describe('sendPush reports a dropped subscription as gone', () => {
  it.each([404, 410])('when the push service answers %i', async (status) => {
    const sub = service.subscribe()
    service.answerWith(sub.endpoint, { status })
    expect(await sendPush(target(sub), { n: 1 }, opts())).toEqual({ outcome: 'gone', status })
    expect(service.received).toHaveLength(0)
  })

  it('when the browser unsubscribed, and for an endpoint the service never issued', async () => {
    const sub = service.subscribe()
    service.unsubscribe(sub.endpoint)
    expect(await sendPush(target(sub), { n: 1 }, opts())).toEqual({ outcome: 'gone', status: 410 })
    const unknown = { ...target(service.subscribe()), endpoint: `${service.origin}/push/never-issued` }
    expect(await sendPush(unknown, { n: 1 }, opts())).toEqual({ outcome: 'gone', status: 404 })
  })
})

describe('sendPush reports temporary trouble as retryable', () => {
  it('429 with the Retry-After delay', async () => {
    const sub = service.subscribe()
    service.answerWith(sub.endpoint, { status: 429, retryAfter: '120' })
    expect(await sendPush(target(sub), { n: 1 }, opts())).toEqual({
      outcome: 'failed',
      retryable: true,
      reason: 'rate-limited',
      status: 429,
      retryAfterSeconds: 120,
    })
  })

  it.each([500, 502, 503])('%i', async (status) => {
    const sub = service.subscribe()
    service.answerWith(sub.endpoint, { status })
    expect(await sendPush(target(sub), { n: 1 }, opts())).toEqual({ outcome: 'failed', retryable: true, reason: 'service-error', status })
  })

  it('a push service that does not answer within the timeout', async () => {
    const sub = service.subscribe()
    service.answerWith(sub.endpoint, 'stall')
    const started = Date.now()
    expect(await sendPush(target(sub), { n: 1 }, opts({ timeoutMs: 300 }))).toEqual({ outcome: 'failed', retryable: true, reason: 'timeout' })
    expect(Date.now() - started).toBeLessThan(3000)
    expect(service.requests).toEqual([expect.objectContaining({ status: 'stalled' })])
  })

  it('a push service that cannot be reached', async () => {
    const sub = service.subscribe()
    const closed = await startPushService()
    const endpoint = `${closed.origin}/push/x`
    await closed.close()
    expect(await sendPush({ ...target(sub), endpoint }, { n: 1 }, opts())).toEqual({ outcome: 'failed', retryable: true, reason: 'network' })
  })

  it('a certificate the sender does not trust: nothing is sent', async () => {
    const sub = service.subscribe()
    expect(await sendPush(target(sub), { n: 1 }, opts({ agent: undefined }))).toEqual({ outcome: 'failed', retryable: true, reason: 'network' })
    expect(service.requests).toHaveLength(0)
  })
})

describe('sendPush refuses for good', () => {
  it('a payload over the limit, before sending anything', async () => {
    const sub = service.subscribe()
    const text = 'x'.repeat(MAX_PUSH_PAYLOAD_BYTES - 1)
    expect(await sendPush(target(sub), text, opts())).toEqual({ outcome: 'failed', retryable: false, reason: 'payload-too-large' })
    expect(service.requests).toHaveLength(0)
  })

  it.each([
    [413, 'payload-too-large'],
    [400, 'rejected'],
  ])('an answer %i', async (status, reason) => {
    const sub = service.subscribe()
    service.answerWith(sub.endpoint, { status })
    expect(await sendPush(target(sub), { n: 1 }, opts())).toEqual({ outcome: 'failed', retryable: false, reason, status })
  })

  it('a message signed with another private key than the public key it names: the push service says 401', async () => {
    const sub = service.subscribe()
    const other = webpush.generateVAPIDKeys()
    const result = await sendPush(target(sub), { n: 1 }, opts({ vapid: { subject, publicKey: keys.publicKey, privateKey: other.privateKey } }))
    expect(result).toEqual({ outcome: 'failed', retryable: false, reason: 'unauthorized', status: 401 })
    expect(service.requests).toEqual([expect.objectContaining({ status: 401, reason: 'bad-signature' })])
    expect(service.received).toHaveLength(0)
  })

  it('a subscription made for another VAPID key: the push service says 403', async () => {
    const sub = service.subscribe({ applicationServerKey: webpush.generateVAPIDKeys().publicKey })
    expect(await sendPush(target(sub), { n: 1 }, opts())).toEqual({ outcome: 'failed', retryable: false, reason: 'unauthorized', status: 403 })
    expect(service.received).toHaveLength(0)
  })

  it.each([
    ['an http endpoint', (t: PushTarget) => ({ ...t, endpoint: t.endpoint.replace('https:', 'http:') })],
    ['not a URL', (t: PushTarget) => ({ ...t, endpoint: 'push service' })],
    ['a p256dh that is not a P-256 point', (t: PushTarget) => ({ ...t, p256dh: Buffer.alloc(65, 4).toString('base64url') })],
    ['a short auth secret', (t: PushTarget) => ({ ...t, auth: Buffer.alloc(8, 1).toString('base64url') })],
  ])('a subscription with %s, before sending anything', async (_, spoil) => {
    const result = await sendPush(spoil(target(service.subscribe())), { n: 1 }, opts())
    expect(result).toEqual({ outcome: 'failed', retryable: false, reason: 'invalid-subscription' })
    expect(service.requests).toHaveLength(0)
  })

  it.each([
    ['a private IP address', (origin: string) => origin],
    ['a host name that resolves to one', (origin: string) => origin.replace('127.0.0.1', 'localhost')],
  ])('an endpoint at %s unless private addresses are allowed (tests only)', async (_, at) => {
    const sub = service.subscribe()
    const endpoint = sub.endpoint.replace(service.origin, at(service.origin))
    const result = await sendPush({ ...target(sub), endpoint }, { n: 1 }, opts({ allowPrivateAddresses: undefined }))
    expect(result).toEqual({ outcome: 'failed', retryable: false, reason: 'invalid-subscription' })
    expect(service.requests).toHaveLength(0)
  })
})

it('throws for mistakes of the caller rather than reporting them as delivery outcomes', async () => {
  const sub = service.subscribe()
  await expect(sendPush(target(sub), { n: 1 }, opts({ vapid: { subject, publicKey: keys.publicKey, privateKey: 'short' } }))).rejects.toThrow(/private key/)
  await expect(sendPush(target(sub), { n: 1 }, opts({ vapid: { ...keys, subject: 'http://amoura.example' } }))).rejects.toThrow(/subject/)
  await expect(sendPush(target(sub), { n: 1 }, opts({ topic: 'chat 42' }))).rejects.toThrow()
  expect(service.requests).toHaveLength(0)
})

it('logs outcomes with the subscription id, never the endpoint, keys or payload', async () => {
  const lines: unknown[] = []
  const spies = (['debug', 'info', 'warn', 'error'] as const).map((level) =>
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never),
  )
  try {
    const secret = 'a very private message'
    const ok = service.subscribe()
    const gone = service.subscribe()
    const busy = service.subscribe()
    service.answerWith(gone.endpoint, { status: 410 })
    service.answerWith(busy.endpoint, { status: 503 })
    for (const [i, sub] of [ok, gone, busy].entries()) await sendPush(target(sub, 100 + i), { text: secret }, opts())
    await sendPush(
      target(ok, 103),
      { text: secret },
      opts({ vapid: { subject, publicKey: keys.publicKey, privateKey: webpush.generateVAPIDKeys().privateKey } }),
    )

    expect(lines).toHaveLength(4)
    const logged = JSON.stringify(lines)
    for (const id of [100, 101, 102, 103]) expect(logged).toContain(`"pushSubscriptionId":${id}`)
    for (const word of ['ok', 'gone', 'service-error', 'unauthorized']) expect(logged).toContain(word)
    for (const sub of [ok, gone, busy]) for (const leak of [sub.endpoint, sub.keys.p256dh, sub.keys.auth]) expect(logged).not.toContain(leak)
    expect(logged).not.toContain(secret)
    expect(logged).not.toContain(service.origin)
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
})
