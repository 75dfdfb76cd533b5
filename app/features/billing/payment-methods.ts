import type { IconName } from '#app/ui/icon-names'

/**
 * The 24 payment methods of spec section 9, each offered only where it works. `label` is the brand name (not
 * translated); methods whose name is a description (credit card, wire transfer, SEPA direct debit) carry a message
 * id instead. `icon` is one of the site's icons (app/ui/icon-names.ts: in the site's own sprite, nothing loaded from elsewhere).
 */
const EUR_AREA = ['NL', 'BE', 'DE', 'AT', 'FR', 'IT', 'ES', 'IE', 'FI']
const EUROPE = [...EUR_AREA, 'GB', 'CH', 'PL', 'DK', 'NO', 'SE']
const EVERYWHERE = [...EUROPE, 'US', 'CA', 'AU', 'NZ']

export interface PaymentMethod {
  id: string
  label?: string
  labelId?: string
  icon: IconName
  countries: readonly string[]
  /** Paid with a card: a repeat order can use the stored card. */
  card?: boolean
}

export const paymentMethods = [
  { id: 'sepa_direct_debit', labelId: 'billing.method.sepa', icon: 'bank2', countries: EUR_AREA },
  { id: 'przelewy24', label: 'Przelewy24', icon: 'bank', countries: ['PL'] },
  { id: 'blik', label: 'Blik', icon: 'phone', countries: ['PL'] },
  { id: 'wire_transfer', labelId: 'billing.method.wire', icon: 'bank', countries: EUR_AREA },
  { id: 'giropay', label: 'Giropay', icon: 'bank', countries: ['DE'] },
  { id: 'mastercard', label: 'Mastercard', icon: 'credit-card-2-front', countries: EVERYWHERE, card: true },
  { id: 'visa', label: 'Visa', icon: 'credit-card-2-front', countries: EVERYWHERE, card: true },
  { id: 'creditcard', labelId: 'billing.method.card', icon: 'credit-card', countries: EVERYWHERE, card: true },
  { id: 'dankort', label: 'Dankort', icon: 'credit-card-2-front', countries: ['DK'], card: true },
  { id: 'mobilepay', label: 'MobilePay', icon: 'phone', countries: ['DK', 'FI'] },
  { id: 'swish', label: 'Swish', icon: 'phone', countries: ['SE'] },
  { id: 'twint', label: 'Twint', icon: 'phone', countries: ['CH'] },
  { id: 'satispay', label: 'Satispay', icon: 'phone', countries: ['IT'] },
  { id: 'vipps', label: 'Vipps', icon: 'phone', countries: ['NO'] },
  { id: 'carte_bancaire', label: 'Carte Bancaire', icon: 'credit-card-2-front', countries: ['FR'], card: true },
  { id: 'nexi', label: 'Nexi', icon: 'credit-card-2-front', countries: ['IT'], card: true },
  { id: 'ideal', label: 'iDEAL', icon: 'bank', countries: ['NL'] },
  { id: 'bancontact', label: 'Bancontact', icon: 'credit-card-2-back', countries: ['BE'], card: true },
  { id: 'applepay', label: 'Apple Pay', icon: 'apple', countries: EVERYWHERE },
  { id: 'paysafecard', label: 'Paysafecard', icon: 'upc', countries: EUROPE },
  { id: 'maestro', label: 'Maestro', icon: 'credit-card-2-front', countries: ['NL', 'BE', 'DE', 'AT', 'IT', 'ES', 'PL', 'GB', 'IE'], card: true },
  { id: 'paypal', label: 'PayPal', icon: 'paypal', countries: EVERYWHERE },
  { id: 'sofort', label: 'Sofort', icon: 'bank', countries: ['DE', 'AT', 'BE', 'NL', 'IT', 'ES', 'CH', 'PL'] },
  { id: 'eps', label: 'EPS', icon: 'bank', countries: ['AT'] },
] as const satisfies readonly PaymentMethod[]

export type PaymentMethodId = (typeof paymentMethods)[number]['id']
export const paymentMethodIds = paymentMethods.map((m) => m.id) as PaymentMethodId[]

export function findPaymentMethod(id: string | undefined | null): PaymentMethod | undefined {
  return paymentMethods.find((m) => m.id === id)
}

/** The methods offered in a country, in catalogue order, minus those the operator switched off. */
export function methodsForCountry(country: string, disabled: readonly string[] = []): PaymentMethod[] {
  return paymentMethods.filter((m) => (m.countries as readonly string[]).includes(country) && !disabled.includes(m.id))
}

export const isCardMethod = (id: string) => !!findPaymentMethod(id)?.card
