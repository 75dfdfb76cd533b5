import type { CheckoutRefusal } from '#app/features/billing/checkout.server'
import { statusFor } from '#app/lib/refusals'

/**
 * The message id, values and HTTP status of a refused checkout (texts in the catalogs, spec sections 5 and 8); the
 * status from the one map of app/lib/refusals.ts (vocabulary 'checkout').
 */
export function refusalMessage(r: CheckoutRefusal): { id: string; money?: Record<string, { minor: number; currency: string }>; status: number } {
  switch (r.reason) {
    case 'discount':
      return {
        id: `discount.error.${r.error}`,
        money: r.minimumMinor ? { amount: { minor: r.minimumMinor, currency: r.currency ?? 'EUR' } } : undefined,
        status: statusFor('checkout', r.error === 'used' ? 'discount_used' : 'discount'),
      }
    case 'spend_limit':
      return {
        id: 'checkout.error.spendLimit',
        money: { limit: { minor: r.limitMinor, currency: r.currency }, spent: { minor: r.spentMinor, currency: r.currency } },
        status: statusFor('checkout', r.reason),
      }
    case 'direct_debit_limit':
      return { id: 'directdebit.limit', status: statusFor('checkout', r.reason) }
    case 'blocked':
      return { id: 'directdebit.blocked', status: statusFor('checkout', r.reason) }
    case 'provider_error':
      return { id: 'checkout.error.unexpected', status: statusFor('checkout', r.reason) }
    case 'direct_debit_off':
      return { id: 'directdebit.off', status: statusFor('checkout', r.reason) }
    case 'method_unavailable':
      return { id: 'checkout.error.method', status: statusFor('checkout', r.reason) }
    default:
      return { id: 'checkout.error.unexpected', status: statusFor('checkout', 'other') }
  }
}
