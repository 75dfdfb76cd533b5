import { paymentProvider } from '#app/adapters/payments/index.server'
import { isCardMethod } from './payment-methods'

/**
 * Whether a repeat order with `method` charges the card used last time: a card method, and a provider that keeps
 * the card (the sandbox does; the Mollie adapter keeps no customer per member, so the payer enters it again).
 * The repeat-order page says "(the card you used last time)" and a declined payment speaks of the stored card only then.
 */
export async function chargesStoredCard(method: string): Promise<boolean> {
  return isCardMethod(method) && (await paymentProvider()).chargesStoredCards
}
