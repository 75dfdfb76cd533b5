import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMollieFake, type MollieFake } from '../../../../tests/setup/mollie-fake'
import { resetEnvCache } from '#app/lib/env.server'
import { paymentProvider, setPaymentProvider } from '../index.server'
import { ProviderError, type CreatePaymentInput, type PaymentProvider } from '../provider'
import { providerContract } from '../provider-contract'
import { createMollieProvider } from './mollie-provider.server'

let fake: MollieFake
let provider: PaymentProvider

beforeAll(async () => {
  fake = await startMollieFake()
  provider = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url })
})
afterAll(async () => {
  await fake.close()
})

providerContract('mollie', () => ({
  provider,
  async settle(id, outcome) {
    if (outcome === 'chargeback') fake.chargeback(id)
    else fake.setStatus(id, outcome)
  },
}))

describe('the Mollie adapter', () => {
  let n = 0
  const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    reference: '77',
    amountMinor: 1999,
    currency: 'EUR',
    description: 'Dating 125 credits #77',
    method: 'ideal',
    redirectUrl: 'https://dating.example/transactions/77',
    webhookUrl: 'https://dating.example/webhooks/payments/mollie',
    locale: 'de',
    idempotencyKey: `adapter-${++n}-${Date.now()}`,
    ...over,
  })
  const lastRequest = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path).at(-1)

  it('asks Mollie for the method, amount, language and URLs of the payment, with our id as metadata and our idempotency key', async () => {
    const args = input({ method: 'visa' })
    const created = await provider.createPayment(args)
    const sent = lastRequest('POST', '/v2/payments')
    expect(sent?.idempotencyKey).toBe(args.idempotencyKey)
    expect(sent?.body).toEqual({
      amount: { currency: 'EUR', value: '19.99' },
      description: 'Dating 125 credits #77',
      method: 'creditcard',
      locale: 'de_DE',
      metadata: { reference: '77' },
      redirectUrl: 'https://dating.example/transactions/77',
      webhookUrl: 'https://dating.example/webhooks/payments/mollie',
    })
    expect(created.checkoutUrl).toBe(`${new URL(fake.url).origin}/checkout/${created.id}`)
    expect(fake.payment(created.id)?.amount).toEqual({ currency: 'EUR', value: '19.99' })
    const small = await provider.createPayment(input({ amountMinor: 5 }))
    expect(fake.payment(small.id)?.amount).toEqual({ currency: 'EUR', value: '0.05' })
  })

  it("lets the payer choose on Mollie's page for a discontinued method, and takes a repeat card order through the checkout", async () => {
    const giropay = await provider.createPayment(input({ method: 'giropay' }))
    expect(lastRequest('POST', '/v2/payments')?.body).not.toHaveProperty('method')
    expect(giropay.checkoutUrl).toBeTruthy()

    const repeat = await provider.createPayment(input({ method: 'mastercard', recurring: { storedCard: true } }))
    expect(lastRequest('POST', '/v2/payments')?.body).toMatchObject({ method: 'creditcard' })
    expect(lastRequest('POST', '/v2/payments')?.body).not.toHaveProperty('sequenceType')
    expect(repeat).toMatchObject({ status: 'open', checkoutUrl: expect.stringContaining(repeat.id) })

    await expect(provider.createPayment(input({ method: 'bitcoin' }))).rejects.toMatchObject({ status: 422 })
  })

  it('creates a customer and a SEPA mandate, and charges it as a recurring payment', async () => {
    const mandate = await provider.createMandate({
      reference: 'dd-9',
      accountHolder: 'Jan Jansen',
      iban: 'nl91 abna 0417 1643 00',
      idempotencyKey: 'mandate-9',
    })
    expect(lastRequest('POST', '/v2/customers')).toMatchObject({
      idempotencyKey: 'mandate-9:customer',
      body: { name: 'Jan Jansen', metadata: { reference: 'dd-9' } },
    })
    expect(lastRequest('POST', `/v2/customers/${mandate.customerId}/mandates`)).toMatchObject({
      idempotencyKey: 'mandate-9:mandate',
      body: { method: 'directdebit', consumerName: 'Jan Jansen', consumerAccount: 'NL91ABNA0417164300' },
    })
    await provider.createPayment(input({ method: 'sepa_direct_debit', recurring: mandate }))
    expect(lastRequest('POST', '/v2/payments')?.body).toMatchObject({
      method: 'directdebit',
      sequenceType: 'recurring',
      customerId: mandate.customerId,
      mandateId: mandate.mandateId,
    })

    await expect(
      provider.createMandate({ reference: 'dd-10', accountHolder: 'Jan Jansen', iban: 'NL00ABNA0417164300', idempotencyKey: 'mandate-10' }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('consumerAccount'),
    })
  })

  it('refunds once for one idempotency key, however often the request is sent', async () => {
    const created = await provider.createPayment(input())
    fake.setStatus(created.id, 'paid')
    const first = await provider.refund(created.id, 999, 'EUR', 'refund-once')
    const again = await provider.refund(created.id, 999, 'EUR', 'refund-once')
    expect(again.id).toBe(first.id)
    expect(lastRequest('POST', `/v2/payments/${created.id}/refunds`)).toMatchObject({
      idempotencyKey: `refund-once:${created.id}`,
      body: { amount: { currency: 'EUR', value: '9.99' } },
    })
    expect(await provider.getPayment(created.id)).toMatchObject({ refundedMinor: 999 })
  })

  it('maps every Mollie status', async () => {
    const created = await provider.createPayment(input())
    for (const status of ['pending', 'authorized', 'open', 'paid', 'failed', 'canceled', 'expired'] as const) {
      fake.setStatus(created.id, status)
      expect((await provider.getPayment(created.id)).status).toBe(status)
    }
  })

  it('asks Mollie nothing about an id that is not a payment id', async () => {
    const before = fake.requests.length
    await expect(provider.getPayment('sbx_abc')).rejects.toMatchObject({ status: 404 })
    await expect(provider.refund('re_abc', 100, 'EUR', 'x')).rejects.toMatchObject({ status: 404 })
    expect(fake.requests.length).toBe(before)
  })

  it('turns a refused key into a ProviderError that does not carry the key', async () => {
    const wrongKey = 'test_wrongwrongwrongwrongwrongwrong'
    const other = createMollieProvider({ apiKey: wrongKey, apiEndpoint: fake.url })
    const error = await other.createPayment(input()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(error).toMatchObject({ status: 401 })
    expect(String((error as Error).message)).not.toContain(wrongKey)
    expect(String((error as Error).message)).not.toContain(fake.apiKey)
  })

  it('retries Mollie hiccups with the same idempotency key, and reports an outage or silence without a status', async () => {
    fake.answerNext(503, 2)
    const args = input()
    const created = await provider.createPayment(args)
    const attempts = fake.requests.filter((r) => r.idempotencyKey === args.idempotencyKey)
    expect(attempts.map((r) => r.status)).toEqual([503, 503, 201])
    expect(fake.payment(created.id)).toBeDefined()

    fake.answerNext(503, 3)
    await expect(provider.getPayment(created.id)).rejects.toMatchObject({ status: 503 })

    const impatient = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url, timeoutMs: 200 })
    fake.answerNext('stall')
    const silent = await impatient.getPayment(created.id).catch((e: unknown) => e)
    expect(silent).toBeInstanceOf(ProviderError)
    expect((silent as ProviderError).status).toBeUndefined()

    const unreachable = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: 'https://127.0.0.1:1/v2/' })
    const down = await unreachable.getPayment(created.id).catch((e: unknown) => e)
    expect(down).toBeInstanceOf(ProviderError)
    expect((down as ProviderError).status).toBeUndefined()
  })

  it('is the provider when PAYMENT_PROVIDER=mollie', async () => {
    const saved = { ...process.env }
    Object.assign(process.env, { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: fake.apiKey, MOLLIE_API_ENDPOINT: fake.url })
    resetEnvCache()
    setPaymentProvider(undefined)
    try {
      const chosen = await paymentProvider()
      expect(chosen.name).toBe('mollie')
      const created = await chosen.createPayment(input())
      expect(fake.payment(created.id)).toMatchObject({ status: 'open' })
    } finally {
      for (const k of ['PAYMENT_PROVIDER', 'MOLLIE_API_KEY', 'MOLLIE_API_ENDPOINT']) {
        if (saved[k] === undefined) delete process.env[k]
        else process.env[k] = saved[k]
      }
      resetEnvCache()
      setPaymentProvider(undefined)
    }
  })
})
