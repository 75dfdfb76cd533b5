import type { CheckoutRefusal } from './checkout.server'

/** The message id, values and HTTP status of a refused checkout (texts in the catalogs, spec sections 5 and 8). */
export function refusalMessage(r: CheckoutRefusal): { id: string; money?: Record<string, { minor: number; currency: string }>; status: number } {
  switch (r.reason) {
    case 'discount':
      return { id: `discount.error.${r.error}`, money: r.minimumMinor ? { amount: { minor: r.minimumMinor, currency: r.currency ?? 'EUR' } } : undefined, status: r.error === 'used' ? 409 : 422 }
    case 'spend_limit':
      return { id: 'checkout.error.spendLimit', money: { limit: { minor: r.limitMinor, currency: r.currency }, spent: { minor: r.spentMinor, currency: r.currency } }, status: 422 }
    case 'direct_debit_limit':
      return { id: 'directdebit.limit', status: 409 }
    case 'blocked':
      return { id: 'directdebit.blocked', status: 403 }
    case 'provider_error':
      return { id: 'checkout.error.unexpected', status: 502 }
    case 'direct_debit_off':
      return { id: 'directdebit.off', status: 403 }
    case 'method_unavailable':
      return { id: 'checkout.error.method', status: 422 }
    default:
      return { id: 'checkout.error.unexpected', status: 422 }
  }
}
