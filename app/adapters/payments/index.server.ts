import { env } from '#app/lib/env.server'
import type { PaymentProvider } from './provider'
import { sandboxProvider } from './sandbox/sandbox-provider.server'

export type { PaymentProvider } from './provider'

let provider: PaymentProvider | undefined

/** The provider chosen by PAYMENT_PROVIDER (sandbox by default). */
export async function paymentProvider(): Promise<PaymentProvider> {
  if (!provider) {
    const e = env()
    if (e.PAYMENT_PROVIDER === 'mollie') throw new Error('the Mollie adapter is being built')
    provider = sandboxProvider
  }
  return provider
}

/** Tests swap the provider (for example a Mollie adapter against the local fake). */
export function setPaymentProvider(p: PaymentProvider | undefined): void {
  provider = p
}
