/**
 * Default prices of the credit economy (spec sections 1, 3 and 9), overridable in the settings table. Prices are
 * integers in minor units, VAT included; a country's row names its currency, so currencies never mix.
 */

/** What each bundle holds; its id appears in /credits/{id}. */
export const defaultCreditBundles = [
  { id: 's', credits: 50 },
  { id: 'm', credits: 125 },
  { id: 'l', credits: 300 },
  { id: 'xl', credits: 700 },
]

/** Bundle prices per currency (minor units), in the order of the bundles above. */
const priceLists: Record<string, number[]> = {
  EUR: [999, 1999, 3999, 7999],
  GBP: [899, 1799, 3499, 6999],
  USD: [1099, 2199, 4399, 8799],
  CAD: [1499, 2999, 5999, 11999],
  AUD: [1699, 3299, 6499, 12999],
  NZD: [1799, 3499, 6999, 13999],
  CHF: [999, 1999, 3899, 7799],
  PLN: [4299, 8599, 16999, 33999],
  DKK: [7499, 14999, 29999, 59999],
  NOK: [11499, 22999, 44999, 89999],
  SEK: [11499, 22999, 44999, 89999],
}

/** Currency and VAT rate (percent) of each country served (spec section 9). */
export const defaultBillingCountries: Record<string, { currency: string; vat: number }> = {
  GB: { currency: 'GBP', vat: 20 },
  IE: { currency: 'EUR', vat: 23 },
  US: { currency: 'USD', vat: 0 },
  CA: { currency: 'CAD', vat: 5 },
  AU: { currency: 'AUD', vat: 10 },
  NZ: { currency: 'NZD', vat: 15 },
  NL: { currency: 'EUR', vat: 21 },
  BE: { currency: 'EUR', vat: 21 },
  DE: { currency: 'EUR', vat: 19 },
  AT: { currency: 'EUR', vat: 20 },
  CH: { currency: 'CHF', vat: 8 },
  FR: { currency: 'EUR', vat: 20 },
  IT: { currency: 'EUR', vat: 22 },
  ES: { currency: 'EUR', vat: 21 },
  PL: { currency: 'PLN', vat: 23 },
  DK: { currency: 'DKK', vat: 25 },
  FI: { currency: 'EUR', vat: 25 },
  NO: { currency: 'NOK', vat: 25 },
  SE: { currency: 'SEK', vat: 25 },
}

/** Prices per country: { NL: { currency: 'EUR', prices: { s: 999, ... } }, ... }. */
export const defaultBundlePrices: Record<string, { currency: string; prices: Record<string, number> }> = Object.fromEntries(
  Object.entries(defaultBillingCountries).map(([country, { currency }]) => [
    country,
    { currency, prices: Object.fromEntries(defaultCreditBundles.map((b, i) => [b.id, priceLists[currency][i]])) },
  ]),
)

/**
 * Fee per payment method: a percentage of the price (in tenths of a percent) and a fixed part in euro cents,
 * scaled to the payment's currency. Methods not listed cost nothing extra.
 */
export const defaultPaymentMethodFees: Record<string, { permille: number; fixedEuroCents: number }> = {
  paypal: { permille: 34, fixedEuroCents: 35 },
  creditcard: { permille: 18, fixedEuroCents: 25 },
  visa: { permille: 18, fixedEuroCents: 25 },
  mastercard: { permille: 18, fixedEuroCents: 25 },
  maestro: { permille: 18, fixedEuroCents: 25 },
  paysafecard: { permille: 50, fixedEuroCents: 0 },
  applepay: { permille: 18, fixedEuroCents: 25 },
  sofort: { permille: 9, fixedEuroCents: 25 },
  wire_transfer: { permille: 0, fixedEuroCents: 0 },
}
