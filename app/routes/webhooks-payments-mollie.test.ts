import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../tests/setup/test-db'
import { createMember } from '../../tests/setup/factories'
import { startMollieFake, type MollieFake } from '../../tests/setup/mollie-fake'
import { db } from '#db/client.server'
import { creditLedger, payments, users } from '#db/schema/index'
import { setPaymentProvider } from '#app/adapters/payments/index.server'
import { createMollieProvider } from '#app/adapters/payments/mollie/mollie-provider.server'
import type { PaymentProvider } from '#app/adapters/payments/provider'
import { startCheckout } from '#app/features/billing/checkout.server'
import { resetEnvCache } from '#app/lib/env.server'
import * as webhook from './webhooks-payments'

useTestDatabase()

// Our site as Mollie reaches it: an HTTP server that hands each request to the route's action, as React Router does.
let site: http.Server
let fake: MollieFake
let mollie: PaymentProvider
const savedPublicUrl = process.env.PUBLIC_URL

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request = new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      })
      const provider = /^\/webhooks\/payments\/([\w-]+)$/.exec(new URL(request.url).pathname)?.[1] ?? ''
      Promise.resolve(webhook.action({ request, params: { provider }, context: {} } as never))
        .catch((e: unknown) => (e instanceof Response ? e : new Response('Internal Server Error', { status: 500 })))
        .then(async (r) => res.writeHead(r.status, Object.fromEntries(r.headers)).end(await r.text()))
    })
  })
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
  process.env.PUBLIC_URL = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  resetEnvCache()
  fake = await startMollieFake()
})
beforeEach(() => {
  mollie = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url })
  setPaymentProvider(mollie)
})
afterEach(() => {
  setPaymentProvider(undefined)
})
afterAll(async () => {
  await fake.close()
  await new Promise((r) => site.close(r))
  if (savedPublicUrl === undefined) delete process.env.PUBLIC_URL
  else process.env.PUBLIC_URL = savedPublicUrl
  resetEnvCache()
})

let keys = 0
async function molliePayment(userId: number): Promise<string> {
  const r = await startCheckout({ userId, bundleId: 'm', method: 'bancontact', idempotencyKey: `webhook-form-${++keys}`, locale: 'fr' })
  if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
  const [p] = await db().select({ providerPaymentId: payments.providerPaymentId }).from(payments).where(eq(payments.id, r.paymentId))
  return p.providerPaymentId!
}

const credits = async (userId: number) => (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0].credits

describe("Mollie's webhook", () => {
  it('books what Mollie says after a call that carries only the id, once however often it comes', async () => {
    const m = await createMember({ country: 'BE' })
    const id = await molliePayment(m.userId)
    expect(await fake.callWebhook(id)).toBe(200)
    expect(await credits(m.userId)).toBe(0)

    fake.setStatus(id, 'paid')
    const answers = await Promise.all([fake.callWebhook(id), fake.callWebhook(id), fake.callWebhook(id)])
    expect(answers).toEqual([200, 200, 200])
    expect(await credits(m.userId)).toBe(125)
    expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, m.userId))).toHaveLength(1)

    fake.chargeback(id)
    expect(await fake.callWebhook(id)).toBe(200)
    expect(await credits(m.userId)).toBe(0)
  })

  it('answers 404 for a payment Mollie or we do not know, and 400 without an id', async () => {
    const base = process.env.PUBLIC_URL!
    const post = (path: string, body: string) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
    expect((await post('/webhooks/payments/mollie', 'id=tr_forged00000')).status).toBe(404)
    expect((await post('/webhooks/payments/mollie', 'id=')).status).toBe(400)
    expect((await post('/webhooks/payments/sandbox', 'id=tr_forged00000')).status).toBe(404)

    // A payment made at Mollie by someone else (another site on the account): ours to ignore.
    const foreign = await mollie.createPayment({
      reference: 'elsewhere',
      amountMinor: 100,
      currency: 'EUR',
      description: 'not ours',
      method: 'ideal',
      redirectUrl: 'https://elsewhere.example/',
      webhookUrl: `${base}/webhooks/payments/mollie`,
      locale: 'en',
      idempotencyKey: 'foreign-payment',
    })
    expect(await fake.callWebhook(foreign.id)).toBe(404)
  })

  it('asks Mollie to call again later when Mollie cannot be reached', async () => {
    const m = await createMember({ country: 'BE' })
    const id = await molliePayment(m.userId)
    fake.setStatus(id, 'paid')
    // The client tries three times before it gives up.
    fake.answerNext(503, 3)
    const res = await fetch(`${process.env.PUBLIC_URL}/webhooks/payments/mollie`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${id}`,
    })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('30')
    expect(await credits(m.userId)).toBe(0)
    expect(await fake.callWebhook(id)).toBe(200)
    expect(await credits(m.userId)).toBe(125)
  })
})
