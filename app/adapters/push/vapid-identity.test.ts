import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { startPushService, type PushService, type PushSubscriptionJSON } from '../../../tests/setup/push-service'
import { vapidIdentity, type VapidConfig } from './vapid.server'
import { sendPush } from './web-push.server'

let service: PushService
beforeAll(async () => {
  service = await startPushService()
})
afterAll(async () => {
  await service.close()
})

// Two machines: each its own DATA_DIR, the same environment.
const machine = (env: Omit<VapidConfig, 'DATA_DIR'> = {}): VapidConfig => ({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'machine-')), ...env })
const shared = webpush.generateVAPIDKeys()
const fromEnv = { VAPID_PUBLIC_KEY: shared.publicKey, VAPID_PRIVATE_KEY: shared.privateKey, VAPID_SUBJECT: 'mailto:push@amoura.example' }
const target = (s: PushSubscriptionJSON) => ({ endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })

describe('vapidIdentity', () => {
  it('with the keys in the environment, every machine has the same public key and writes no file', () => {
    const a = machine(fromEnv)
    const b = machine(fromEnv)
    expect(vapidIdentity(a, 'https://amoura.example').publicKey).toBe(shared.publicKey)
    expect(vapidIdentity(b, 'https://amoura.example')).toEqual({ ...shared, subject: 'mailto:push@amoura.example' })
    expect(fs.readdirSync(a.DATA_DIR)).toEqual([])
    expect(fs.readdirSync(b.DATA_DIR)).toEqual([])
  })

  it('a push signed on one machine is accepted for a browser that subscribed through the other', async () => {
    const a = vapidIdentity(machine(fromEnv), 'https://amoura.example')
    const b = vapidIdentity(machine(fromEnv), 'https://amoura.example')
    // The browser subscribed with the key machine B served (the setting push_public_key); the service holds it to it.
    const sub = service.subscribe({ applicationServerKey: b.publicKey })
    expect(await sendPush(target(sub), { n: 1 }, { vapid: a, agent: service.agent, allowPrivateAddresses: true })).toEqual({ outcome: 'ok' })
    expect(service.received.at(-1)!.vapid).toMatchObject({ publicKey: shared.publicKey, claims: { sub: 'mailto:push@amoura.example' } })
  })

  it("without them each machine generates its own pair into DATA_DIR, and the other machine's pushes are refused", async () => {
    const dirA = machine()
    const a = vapidIdentity(dirA, 'https://amoura.example')
    const b = vapidIdentity(machine(), 'https://amoura.example')
    expect(fs.readdirSync(dirA.DATA_DIR)).toEqual(['vapid.json'])
    expect(vapidIdentity(dirA, 'https://amoura.example')).toEqual(a)
    expect(a.publicKey).not.toBe(b.publicKey)
    // The subject falls back to the site's https address.
    expect(a.subject).toBe('https://amoura.example')
    const sub = service.subscribe({ applicationServerKey: b.publicKey })
    expect(await sendPush(target(sub), { n: 2 }, { vapid: a, agent: service.agent, allowPrivateAddresses: true })).toMatchObject({
      outcome: 'failed',
      retryable: false,
    })
    expect(service.requests.at(-1)).toMatchObject({ status: 403, reason: 'key-mismatch' })
  })

  it('takes VAPID_SUBJECT alone with generated keys, and the sender address without it', () => {
    expect(vapidIdentity(machine({ VAPID_SUBJECT: 'https://push.amoura.example' }), 'http://localhost:3000').subject).toBe('https://push.amoura.example')
    expect(vapidIdentity(machine({ MAIL_FROM: 'Amoura <no-reply@amoura.example>' }), 'http://localhost:3000').subject).toBe('mailto:no-reply@amoura.example')
  })
})
