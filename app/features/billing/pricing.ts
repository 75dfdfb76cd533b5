/**
 * The arithmetic of a purchase, in integer minor units of one currency: list price, discount, method fee on top,
 * and the VAT contained in the total (consumer prices include VAT). Pure, shared by the server and the pages.
 */
import { currencyFormat } from '#app/lib/intl-cache'

/** Minor units per euro cent, roughly, to scale a method's fixed fee into the payment's currency. */
const fixedFeeScale: Record<string, number> = { EUR: 1, GBP: 1, USD: 1, CAD: 1, CHF: 1, AUD: 2, NZD: 2, PLN: 4, DKK: 7, NOK: 11, SEK: 11 }

export interface MethodFee {
  permille: number
  fixedEuroCents: number
}

export interface Quote {
  currency: string
  listPriceMinor: number
  discountPercentage: number
  discountMinor: number
  priceMinor: number
  feeMinor: number
  totalMinor: number
  vatRatePermille: number
  vatMinor: number
}

export function methodFeeMinor(priceMinor: number, currency: string, fee: MethodFee | undefined): number {
  if (!fee) return 0
  return Math.round((priceMinor * fee.permille) / 1000) + fee.fixedEuroCents * (fixedFeeScale[currency] ?? 1)
}

export function quote(input: { listPriceMinor: number; currency: string; discountPercentage?: number; fee?: MethodFee; vatPercent: number }): Quote {
  const pct = Math.min(100, Math.max(0, input.discountPercentage ?? 0))
  const discountMinor = Math.round((input.listPriceMinor * pct) / 100)
  const priceMinor = input.listPriceMinor - discountMinor
  const feeMinor = methodFeeMinor(priceMinor, input.currency, input.fee)
  const totalMinor = priceMinor + feeMinor
  const vatRatePermille = Math.round(input.vatPercent * 10)
  const vatMinor = Math.round((totalMinor * vatRatePermille) / (1000 + vatRatePermille))
  return {
    currency: input.currency,
    listPriceMinor: input.listPriceMinor,
    discountPercentage: pct,
    discountMinor,
    priceMinor,
    feeMinor,
    totalMinor,
    vatRatePermille,
    vatMinor,
  }
}

/** Digits after the decimal point of a currency (all served currencies use 2). */
export const currencyDigits = (currency: string) => currencyFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2

/** Formats minor units as money in a locale ("€ 9,99", "£8.99"). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency)
  return currencyFormat(locale, currency).format(minor / 10 ** digits)
}

/** A whole amount typed by a member (euros, kronor) in minor units of its currency. */
export const toMinor = (major: number, currency: string) => Math.round(major * 10 ** currencyDigits(currency))
