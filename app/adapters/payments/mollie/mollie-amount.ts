/**
 * Minor units ↔ Mollie's amount strings ({ currency: 'EUR', value: '9.99' }), with integer and string arithmetic
 * only: a float would turn 1999 into '19.990000000000002' or 0.29 * 100 into 28.999999999999996. Every currency
 * we sell in (EUR, GBP, CHF, PLN, DKK, NOK, SEK, USD, CAD, AUD, NZD) has 2 decimals; Mollie's zero-decimal
 * currencies are refused rather than guessed.
 */
export interface MollieAmount {
  currency: string
  value: string
}

const ZERO_DECIMAL = new Set(['JPY', 'ISK'])

export class AmountError extends Error {}

function checkCurrency(currency: string): void {
  if (!/^[A-Z]{3}$/.test(currency) || ZERO_DECIMAL.has(currency)) throw new AmountError(`currency ${currency} is not served`)
}

export function toMollieAmount(amountMinor: number, currency: string): MollieAmount {
  checkCurrency(currency)
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new AmountError('amount must be a non-negative integer of minor units')
  const digits = String(amountMinor).padStart(3, '0')
  return { currency, value: `${digits.slice(0, -2)}.${digits.slice(-2)}` }
}

export function fromMollieAmount(amount: MollieAmount | null | undefined): number {
  if (!amount) return 0
  checkCurrency(amount.currency)
  const m = /^(\d+)\.(\d{2})$/.exec(amount.value)
  if (!m) throw new AmountError('amount value is not of the form 0.00')
  const minor = Number(m[1]) * 100 + Number(m[2])
  if (!Number.isSafeInteger(minor)) throw new AmountError('amount is too large')
  return minor
}
