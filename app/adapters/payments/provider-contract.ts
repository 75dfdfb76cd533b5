import { describe, expect, it } from 'vitest'
import type { CreatePaymentInput, PaymentProvider } from './provider'
import { ProviderError } from './provider'

/** What the payer or their bank can do to a payment on the provider's side. */
export type ContractOutcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'chargeback'

export interface ContractSubject {
  provider: PaymentProvider
  /** Brings a provider payment to an outcome, as the payer (for a chargeback: their bank) would. */
  settle(providerPaymentId: string, outcome: ContractOutcome): Promise<void>
}

/** What every group of contract tests shares: the subject, fresh payment inputs and idempotency keys. */
interface ContractKit {
  subject: () => ContractSubject
  /** A payment request with a fresh reference and idempotency key, `over` replacing any field. */
  input(over?: Partial<CreatePaymentInput>): CreatePaymentInput
  /** A fresh idempotency key. */
  key(): string
  /** Creates a payment and has the payer pay it; its provider id. */
  paidPayment(over?: Partial<CreatePaymentInput>): Promise<string>
}

/**
 * What billing (checkout, payment-sync, refunds) relies on from every PaymentProvider, as one suite that
 * sandbox/sandbox-provider.test.ts and mollie/mollie-provider.test.ts both register. `subject` is called inside each
 * test, after the registering file's own hooks have set up what the provider needs (a database, a local fake API).
 */
export function providerContract(name: string, subject: () => ContractSubject): void {
  describe(`the ${name} provider keeps the payment provider contract`, () => {
    const kit = contractKit(name, subject)
    creatingPayments(kit)
    refundsAndChargebacks(kit)
    mandatesUnknownPaymentsAndAmounts(kit)
  })
}

// The counter and run id keep references and keys unique across tests and runs (a real sandbox API remembers them).
function contractKit(name: string, subject: () => ContractSubject): ContractKit {
  let n = 0
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => {
    n += 1
    return {
      reference: String(1000 + n),
      amountMinor: 1999,
      currency: 'EUR',
      description: `Contract payment ${n}`,
      method: 'ideal',
      redirectUrl: `http://localhost:3000/transactions/${1000 + n}`,
      webhookUrl: `http://localhost:3000/webhooks/payments/${name}`,
      locale: 'en',
      idempotencyKey: `contract-${run}-${n}`,
      ...over,
    }
  }
  const key = () => `contract-${run}-${++n}`
  async function paidPayment(over: Partial<CreatePaymentInput> = {}): Promise<string> {
    const s = subject()
    const created = await s.provider.createPayment(input(over))
    await s.settle(created.id, 'paid')
    return created.id
  }
  return { subject, input, key, paidPayment }
}

/** Creating a payment, idempotently, and reading back what the payer did with it. */
function creatingPayments({ subject, input, key }: ContractKit): void {
  it('creates an open payment with an id and a page where the payer pays', async () => {
    const { provider } = subject()
    const created = await provider.createPayment(input({ reference: '4242' }))
    expect(created.id).toMatch(/^[\w-]+$/)
    expect(created.status).toBe('open')
    expect(() => new URL(created.checkoutUrl ?? '')).not.toThrow()
    expect(await provider.getPayment(created.id)).toEqual({
      id: created.id,
      status: 'open',
      amountMinor: 1999,
      currency: 'EUR',
      refundedMinor: 0,
      chargedBackMinor: 0,
      reference: '4242',
    })
  })

  it('gives the same payment for the same idempotency key, and another one for another key', async () => {
    const { provider } = subject()
    const args = input()
    const [a, b] = await Promise.all([provider.createPayment(args), provider.createPayment(args)])
    const again = await provider.createPayment(args)
    expect(new Set([a.id, b.id, again.id]).size).toBe(1)
    expect(again.checkoutUrl).toBe(a.checkoutUrl)
    const other = await provider.createPayment({ ...args, idempotencyKey: key() })
    expect(other.id).not.toBe(a.id)
  })

  it.each(['paid', 'failed', 'canceled', 'expired'] as const)('reports a payment that the payer left %s', async (outcome) => {
    const s = subject()
    const created = await s.provider.createPayment(input())
    await s.settle(created.id, outcome)
    expect(await s.provider.getPayment(created.id)).toMatchObject({ id: created.id, status: outcome, refundedMinor: 0, chargedBackMinor: 0 })
  })
}

/** Refunds add up within what was paid; a chargeback takes what is left. */
function refundsAndChargebacks({ subject, input, key, paidPayment }: ContractKit): void {
  it('adds refunds up and refuses to give back more than was paid, another currency, or an unpaid payment', async () => {
    const { provider } = subject()
    const id = await paidPayment()
    const once = key()
    const first = await provider.refund(id, 500, 'EUR', once)
    expect(first.id).toBeTruthy()
    // A retried refund request (same key) refunds once.
    expect(await provider.refund(id, 500, 'EUR', once)).toEqual(first)
    expect(await provider.getPayment(id)).toMatchObject({ refundedMinor: 500 })
    await provider.refund(id, 1400, 'EUR', key())
    expect(await provider.getPayment(id)).toMatchObject({ status: 'paid', refundedMinor: 1900 })
    await expect(provider.refund(id, 100, 'GBP', key())).rejects.toBeInstanceOf(ProviderError)
    await expect(provider.refund(id, 101, 'EUR', key())).rejects.toBeInstanceOf(ProviderError)
    await provider.refund(id, 99, 'EUR', key())
    expect(await provider.getPayment(id)).toMatchObject({ status: 'paid', refundedMinor: 1999 })
    await expect(provider.refund(id, 1, 'EUR', key())).rejects.toBeInstanceOf(ProviderError)

    const open = await provider.createPayment(input())
    await expect(provider.refund(open.id, 100, 'EUR', key())).rejects.toBeInstanceOf(ProviderError)
  })

  it('reports a chargeback of what was not refunded, and the payment stays paid', async () => {
    const s = subject()
    const id = await paidPayment()
    await s.provider.refund(id, 499, 'EUR', key())
    await s.settle(id, 'chargeback')
    expect(await s.provider.getPayment(id)).toMatchObject({ status: 'paid', refundedMinor: 499, chargedBackMinor: 1500 })
    await expect(s.provider.refund(id, 1, 'EUR', key())).rejects.toBeInstanceOf(ProviderError)
  })
}

/** Direct debit mandates, unknown payment ids, and exact amounts in every currency. */
function mandatesUnknownPaymentsAndAmounts({ subject, input, key }: ContractKit): void {
  it('collects from a direct debit mandate without sending the payer anywhere', async () => {
    const s = subject()
    const mandateInput = {
      reference: 'mandate-1',
      accountHolder: 'Test Payer',
      iban: 'NL91 ABNA 0417 1643 00',
      email: 'payer@example.com',
      idempotencyKey: key(),
    }
    const mandate = await s.provider.createMandate(mandateInput)
    expect(mandate.customerId).toBeTruthy()
    expect(mandate.mandateId).toBeTruthy()
    expect(await s.provider.createMandate(mandateInput)).toEqual(mandate)

    const created = await s.provider.createPayment(input({ method: 'sepa_direct_debit', recurring: mandate }))
    expect(created).toMatchObject({ status: 'pending', checkoutUrl: null })
    expect(await s.provider.getPayment(created.id)).toMatchObject({ status: 'pending', amountMinor: 1999 })
    await s.settle(created.id, 'paid')
    expect((await s.provider.getPayment(created.id)).status).toBe('paid')
  })

  it('answers 404 for a payment it does not know', async () => {
    const { provider } = subject()
    await expect(provider.getPayment('tr_unknown0000')).rejects.toMatchObject({ status: 404 })
    await expect(provider.getPayment('no-such-payment')).rejects.toMatchObject({ status: 404 })
    await expect(provider.getPayment('tr_unknown0000')).rejects.toBeInstanceOf(ProviderError)
  })

  it('keeps amounts exact, in minor units, in every currency we sell in', async () => {
    const { provider } = subject()
    for (const [amountMinor, currency] of [
      [1999, 'EUR'],
      [5, 'EUR'],
      [10, 'GBP'],
      [100, 'CHF'],
      [2899, 'PLN'],
      [123456789, 'SEK'],
    ] as const) {
      const created = await provider.createPayment(input({ amountMinor, currency, method: 'creditcard' }))
      expect(await provider.getPayment(created.id)).toMatchObject({ amountMinor, currency })
    }
    await expect(provider.createPayment(input({ amountMinor: 0 }))).rejects.toBeInstanceOf(ProviderError)
    await expect(provider.createPayment(input({ amountMinor: 19.99 }))).rejects.toBeInstanceOf(ProviderError)
  })
}
