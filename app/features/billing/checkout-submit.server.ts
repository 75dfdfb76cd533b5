import { z } from 'zod'
import { withWrite } from '#app/features/settings/write-limits.server'
import { lastOrder, startCheckout, type CheckoutInput, type CheckoutResult } from './checkout.server'
import { chargesStoredCard } from './stored-card.server'

// Payments as pages start them: each takes a payment write token first, so a refused start reserves no code and
// sends nothing to the provider, whichever page calls it.

/** A payment from the checkout form (already checked). */
export function submitCheckout(input: CheckoutInput) {
  return withWrite('payment', input.userId, () => startCheckout(input))
}

/** No earlier order to repeat, or no form key with the click: the member chooses again. */
export type NothingToRepeat = { ok: false; reason: 'nothing_to_repeat' }

/**
 * The one-click repeat order: the member's last bundle with the last method (a card: the card used before). `key`
 * is the form's idempotency key as sent, checked after the token as it always was.
 */
export function repeatLastOrder(userId: number, key: unknown, locale: string) {
  return withWrite('payment', userId, async (): Promise<CheckoutResult | NothingToRepeat> => {
    const parsed = z.uuid().safeParse(key)
    const last = await lastOrder(userId)
    if (!parsed.success || !last) return { ok: false, reason: 'nothing_to_repeat' }
    return startCheckout({
      userId,
      bundleId: last.bundleId,
      method: last.method,
      idempotencyKey: parsed.data,
      locale,
      storedCard: await chargesStoredCard(last.method),
    })
  })
}
