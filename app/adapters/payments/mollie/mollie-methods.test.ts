import { describe, expect, it } from 'vitest'
import { mollieLocale, mollieMethod } from './mollie-methods'

describe('our payment methods at Mollie', () => {
  it('sends each of the 24 methods to its Mollie method, every card brand to creditcard', () => {
    const expected: Record<string, string | null> = {
      sepa_direct_debit: 'directdebit',
      przelewy24: 'przelewy24',
      blik: 'blik',
      wire_transfer: 'banktransfer',
      giropay: null,
      mastercard: 'creditcard',
      visa: 'creditcard',
      creditcard: 'creditcard',
      dankort: 'creditcard',
      mobilepay: 'mobilepay',
      swish: 'swish',
      twint: 'twint',
      satispay: 'satispay',
      vipps: 'vipps',
      carte_bancaire: 'creditcard',
      nexi: 'creditcard',
      ideal: 'ideal',
      bancontact: 'bancontact',
      applepay: 'applepay',
      paysafecard: 'paysafecard',
      maestro: 'creditcard',
      paypal: 'paypal',
      sofort: null,
      eps: 'eps',
    }
    expect(Object.keys(expected)).toHaveLength(24)
    for (const [ours, theirs] of Object.entries(expected)) expect([ours, mollieMethod(ours)]).toEqual([ours, theirs])
  })

  it("leaves the discontinued giropay and sofort to the payer on Mollie's page, and knows no other ids", () => {
    expect(mollieMethod('giropay')).toBeNull()
    expect(mollieMethod('sofort')).toBeNull()
    expect(mollieMethod('bitcoin')).toBeUndefined()
    expect(mollieMethod('toString')).toBeUndefined()
  })

  it("shows Mollie's pages in the member's language, or lets Mollie choose", () => {
    expect(mollieLocale('nl')).toBe('nl_NL')
    expect(mollieLocale('nb')).toBe('nb_NO')
    expect(mollieLocale('en')).toBe('en_US')
    expect(mollieLocale('xx')).toBeUndefined()
  })
})
