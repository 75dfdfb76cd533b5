/**
 * The payment provider behind one small interface (ARCHITECTURE.md: adapters). Two implementations share the
 * contract suite in provider-contract.ts: `sandbox` (our own hosted test page, the embedded default) and `mollie`.
 * Amounts are integers in minor units. A provider's webhook carries only its payment id: we always fetch the
 * payment from the provider and never trust a webhook's body.
 */

export type ProviderStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired'

export interface ProviderPayment {
  id: string
  status: ProviderStatus
  amountMinor: number
  currency: string
  /** Refunded so far (all refunds). */
  refundedMinor: number
  /** Reversed by the payer's bank or card issuer so far. */
  chargedBackMinor: number
  /** Our reference given at creation (our payment id). */
  reference: string | null
}

export interface CreatePaymentInput {
  /** Our payment id; it comes back on the provider's payment. */
  reference: string
  amountMinor: number
  currency: string
  description: string
  /** One of the 24 method ids of app/features/billing/payment-methods.ts. */
  method: string
  redirectUrl: string
  webhookUrl: string
  locale: string
  /** The same key gives the same payment: a retried create never charges twice. */
  idempotencyKey: string
  /** Charge a stored card (repeat order) or a direct debit mandate instead of sending the payer to a page. */
  recurring?: { customerId: string; mandateId: string } | { storedCard: true }
}

export interface CreatedPayment {
  id: string
  status: ProviderStatus
  /** Where the payer goes to pay; null when nothing is to be done by them (a mandate is charged). */
  checkoutUrl: string | null
}

export interface MandateInput {
  reference: string
  accountHolder: string
  iban: string
  email?: string
  idempotencyKey: string
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie'
  /**
   * Whether a repeat order by card charges the card stored with the provider, without the payer entering it again.
   * Only then may a page say "(the card you used last time)" (issue 28).
   */
  readonly chargesStoredCards: boolean
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>
  getPayment(id: string): Promise<ProviderPayment>
  /** Refunds part or all of a paid payment. */
  refund(paymentId: string, amountMinor: number, currency: string, idempotencyKey: string): Promise<{ id: string }>
  /** A SEPA direct debit mandate for later collections. */
  createMandate(input: MandateInput): Promise<{ customerId: string; mandateId: string }>
}

/** The provider could not be reached or refused the request: nothing was charged, the payer may try again. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}
