import { afterEach, describe, expect, it } from 'vitest'
import { setPaymentProvider } from '#app/adapters/payments/index.server'
import { createMollieProvider } from '#app/adapters/payments/mollie/mollie-provider.server'
import { sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { chargesStoredCard } from './stored-card.server'

afterEach(() => setPaymentProvider(undefined))

describe('"the card you used last time"', () => {
  it('is true for a card with a provider that charges stored cards (the sandbox)', async () => {
    setPaymentProvider(sandboxProvider)
    expect(await chargesStoredCard('visa')).toBe(true)
    expect(await chargesStoredCard('creditcard')).toBe(true)
    expect(await chargesStoredCard('paypal')).toBe(false)
  })

  it('is never said with Mollie, which keeps no card: the payer enters it again on its checkout', async () => {
    setPaymentProvider(createMollieProvider({ apiKey: 'test_dummydummydummydummydummydummy' }))
    expect(await chargesStoredCard('visa')).toBe(false)
    expect(await chargesStoredCard('creditcard')).toBe(false)
  })
})
