import { createMollieClient, MandateMethod, MollieApiError, SequenceType, type Payment, type PaymentCreateParams } from '@mollie/api-client'
import type { CreatePaymentInput, MandateInput, PaymentProvider, ProviderPayment, ProviderStatus } from '../provider'
import { ProviderError } from '../provider'
import { AmountError, fromMollieAmount, toMollieAmount } from './mollie-amount'
import { mollieLocale, mollieMethod } from './mollie-methods'

export interface MollieProviderOptions {
  /** test_… or live_…; it never appears in an error or a log line. */
  apiKey: string
  /** Only for the tests' local fake of Mollie's API (tests/setup/mollie-fake.ts); Mollie's own address otherwise. */
  apiEndpoint?: string
  /**
   * How long one call may take before we give up on it. The client has no timeout of its own (it retries a 5xx
   * answer twice, 2 s apart), and a payer or Mollie's webhook call waits for this one. A payment Mollie creates
   * after we gave up stays open there, unseen by the payer, and expires.
   */
  timeoutMs?: number
}

const statuses: Record<string, ProviderStatus> = {
  open: 'open',
  pending: 'pending',
  authorized: 'authorized',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
}

/**
 * Mollie (https://docs.mollie.com) through its official client. The payer pays on Mollie's hosted checkout page
 * (`_links.checkout`) and comes back to `redirectUrl`; Mollie then POSTs only `id=tr_…` to `webhookUrl`, and the
 * webhook route fetches the payment here (payment-sync.server.ts). Our payment id travels as `metadata.reference`.
 *
 * Repeat orders with a stored card (`recurring: { storedCard: true }`): we keep no Mollie customer per member, so
 * such an order is a one-off payment through Mollie's checkout with the same method, as with the sandbox. A caller
 * that has a customer and a valid mandate (a SEPA mandate from createMandate, or a card mandate of a first payment)
 * passes `{ customerId, mandateId }` and Mollie charges it without the payer: sequenceType `recurring`.
 */
export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const client = createMollieClient({ apiKey: options.apiKey, ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}) })
  const timeoutMs = options.timeoutMs ?? 20_000

  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ProviderError(`Mollie ${what}: no answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      return await Promise.race([fn(), timeout])
    } catch (e) {
      throw providerError(what, e)
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    name: 'mollie',
    // No Mollie customer per member: a repeat order by card goes through Mollie's checkout again (see above).
    chargesStoredCards: false,

    async createPayment(input: CreatePaymentInput) {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new ProviderError('amount must be a positive integer', 422)
      const method = mollieMethod(input.method)
      if (method === undefined) throw new ProviderError('unknown payment method', 422)
      const mandate = input.recurring && 'mandateId' in input.recurring ? input.recurring : null
      const params: PaymentCreateParams = {
        amount: toAmount(input.amountMinor, input.currency),
        description: input.description.slice(0, 255),
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        locale: mollieLocale(input.locale),
        metadata: { reference: input.reference },
        // Mollie replays its first answer to a repeated key: a retried create never makes a second payment.
        idempotencyKey: input.idempotencyKey,
        ...(method ? { method } : {}),
        ...(mandate ? { sequenceType: SequenceType.recurring, customerId: mandate.customerId, mandateId: mandate.mandateId } : {}),
      }
      const p = await call('create payment', () => client.payments.create(params))
      return { id: p.id, status: statusOf(p), checkoutUrl: p.getCheckoutUrl() }
    },

    async getPayment(id: string): Promise<ProviderPayment> {
      // The client refuses an id that is not a payment's (tr_…) before asking; for us it is simply not there.
      if (!id.startsWith('tr_')) throw new ProviderError('payment not found', 404)
      const p = await call('get payment', () => client.payments.get(id))
      const metadata = p.metadata as { reference?: unknown } | null | undefined
      try {
        return {
          id: p.id,
          status: statusOf(p),
          amountMinor: fromMollieAmount(p.amount),
          currency: p.amount.currency,
          // Mollie counts queued and pending refunds too: what we gave back, even if the bank is still moving it.
          refundedMinor: fromMollieAmount(p.amountRefunded),
          chargedBackMinor: fromMollieAmount(p.amountChargedBack),
          reference: typeof metadata?.reference === 'string' ? metadata.reference : null,
        }
      } catch (e) {
        throw providerError('get payment', e)
      }
    },

    async refund(paymentId, amountMinor, currency, idempotencyKey) {
      if (!paymentId.startsWith('tr_')) throw new ProviderError('payment not found', 404)
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new ProviderError('amount must be a positive integer', 422)
      // Scoped to the payment: Mollie keeps keys per account, and our refund keys are only unique per payment.
      const key = `${idempotencyKey}:${paymentId}`
      const r = await call('refund', () => client.paymentRefunds.create({ paymentId, amount: toAmount(amountMinor, currency), idempotencyKey: key }))
      return { id: r.id }
    },

    async createMandate(input: MandateInput) {
      // A mandate belongs to a Mollie customer: one customer per mandate, both under keys derived from the caller's,
      // so a retried call finds the same customer and the same mandate.
      const customer = await call('create customer', () =>
        client.customers.create({
          name: input.accountHolder,
          email: input.email,
          metadata: { reference: input.reference },
          idempotencyKey: `${input.idempotencyKey}:customer`,
        }),
      )
      const mandate = await call('create mandate', () =>
        client.customerMandates.create({
          customerId: customer.id,
          method: MandateMethod.directdebit,
          consumerName: input.accountHolder,
          consumerAccount: input.iban.replace(/\s+/g, '').toUpperCase(),
          idempotencyKey: `${input.idempotencyKey}:mandate`,
        }),
      )
      return { customerId: customer.id, mandateId: mandate.id }
    },
  }
}

function toAmount(amountMinor: number, currency: string) {
  try {
    return toMollieAmount(amountMinor, currency)
  } catch (e) {
    throw providerError('amount', e)
  }
}

function statusOf(p: Payment): ProviderStatus {
  const s = statuses[p.status]
  if (!s) throw new ProviderError('Mollie answered with an unknown payment status')
  return s
}

/**
 * Every failure becomes a ProviderError: with Mollie's HTTP status when it answered (a 404 stays a 404, so the
 * webhook answers 404), without one when it could not be reached. Mollie's `detail` text is left out, as it may
 * quote what we sent (a name, an IBAN); the status and the field it names are enough to find the cause.
 */
function providerError(what: string, e: unknown): ProviderError {
  if (e instanceof ProviderError) return e
  if (e instanceof AmountError) return new ProviderError(`Mollie ${what}: ${e.message}`, 422)
  if (e instanceof MollieApiError && e.statusCode)
    return new ProviderError(`Mollie ${what}: refused with ${e.statusCode}${e.field ? ` (field ${e.field})` : ''}`, e.statusCode)
  return new ProviderError(`Mollie ${what}: ${e instanceof Error ? e.message : 'failed'}`.slice(0, 300))
}
