import { Locale, PaymentMethod } from '@mollie/api-client'

/**
 * Our 24 method ids (app/features/billing/payment-methods.ts) as Mollie's `method` parameter. Passing it sends the
 * payer straight to that method instead of Mollie's selection page. Mollie charges every card brand through
 * `creditcard`; the payer enters the card on Mollie's page, so the brand we showed only decides the fee we quoted.
 * Giropay and Sofort have been discontinued by their operators (the client lists them as HistoricPaymentMethod and
 * Mollie refuses them), so they map to null: the payer picks one of the profile's methods on Mollie's page.
 */
const methods: Record<string, PaymentMethod | null> = {
  sepa_direct_debit: PaymentMethod.directdebit,
  przelewy24: PaymentMethod.przelewy24,
  blik: PaymentMethod.blik,
  wire_transfer: PaymentMethod.banktransfer,
  giropay: null,
  mastercard: PaymentMethod.creditcard,
  visa: PaymentMethod.creditcard,
  creditcard: PaymentMethod.creditcard,
  dankort: PaymentMethod.creditcard,
  mobilepay: PaymentMethod.mobilepay,
  swish: PaymentMethod.swish,
  twint: PaymentMethod.twint,
  satispay: PaymentMethod.satispay,
  vipps: PaymentMethod.vipps,
  carte_bancaire: PaymentMethod.creditcard,
  nexi: PaymentMethod.creditcard,
  ideal: PaymentMethod.ideal,
  bancontact: PaymentMethod.bancontact,
  applepay: PaymentMethod.applepay,
  paysafecard: PaymentMethod.paysafecard,
  maestro: PaymentMethod.creditcard,
  paypal: PaymentMethod.paypal,
  sofort: null,
  eps: PaymentMethod.eps,
}

/** Mollie's method for one of ours; null: let the payer choose on Mollie's page; undefined: not a method of ours. */
export function mollieMethod(methodId: string): PaymentMethod | null | undefined {
  return Object.hasOwn(methods, methodId) ? methods[methodId] : undefined
}

const locales: Record<string, Locale> = {
  en: Locale.en_US,
  nl: Locale.nl_NL,
  de: Locale.de_DE,
  it: Locale.it_IT,
  fr: Locale.fr_FR,
  es: Locale.es_ES,
  pl: Locale.pl_PL,
  da: Locale.da_DK,
  fi: Locale.fi_FI,
  nb: Locale.nb_NO,
  sv: Locale.sv_SE,
}

/** The language of Mollie's pages for one of our locales; undefined lets Mollie follow the payer's browser. */
export function mollieLocale(locale: string): Locale | undefined {
  return Object.hasOwn(locales, locale) ? locales[locale] : undefined
}
