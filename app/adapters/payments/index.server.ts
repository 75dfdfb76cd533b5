import { env } from '#app/lib/env.server'
import type { PaymentProvider } from './provider'
import { sandboxProvider } from './sandbox/sandbox-provider.server'

export type { PaymentProvider } from './provider'

let provider: PaymentProvider | undefined

/** The provider chosen by PAYMENT_PROVIDER (sandbox by default). */
export async function paymentProvider(): Promise<PaymentProvider> {
  if (!provider) {
    const e = env()
    if (e.PAYMENT_PROVIDER === 'mollie') {
      // Loaded only when chosen: a sandbox site never loads the Mollie client.
      const { createMollieProvider } = await import('./mollie/mollie-provider.server')
      if (!e.MOLLIE_API_KEY) throw new Error('MOLLIE_API_KEY is required when PAYMENT_PROVIDER=mollie')
      provider ??= createMollieProvider({ apiKey: e.MOLLIE_API_KEY, apiEndpoint: e.MOLLIE_API_ENDPOINT })
    } else {
      provider = sandboxProvider
    }
  }
  return provider
}

/** Tests swap the provider (for example a Mollie adapter against the local fake). */
export function setPaymentProvider(p: PaymentProvider | undefined): void {
  provider = p
}
