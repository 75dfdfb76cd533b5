import { describe, expect, it } from 'vitest'
import { fromMollieAmount, toMollieAmount } from './mollie-amount'

describe('amounts in Mollie strings', () => {
  it('writes minor units with two decimals, exactly', () => {
    expect(toMollieAmount(1999, 'EUR')).toEqual({ currency: 'EUR', value: '19.99' })
    expect(toMollieAmount(5, 'GBP')).toEqual({ currency: 'GBP', value: '0.05' })
    expect(toMollieAmount(50, 'SEK')).toEqual({ currency: 'SEK', value: '0.50' })
    expect(toMollieAmount(100, 'CHF')).toEqual({ currency: 'CHF', value: '1.00' })
    expect(toMollieAmount(0, 'EUR')).toEqual({ currency: 'EUR', value: '0.00' })
    expect(toMollieAmount(Number.MAX_SAFE_INTEGER, 'EUR').value).toBe('90071992547409.91')
  })

  it('reads them back to the same integer', () => {
    for (const minor of [1, 5, 10, 29, 99, 100, 1999, 2899, 123456789, Number.MAX_SAFE_INTEGER]) {
      expect(fromMollieAmount(toMollieAmount(minor, 'EUR'))).toBe(minor)
    }
    expect(fromMollieAmount({ currency: 'EUR', value: '0.29' })).toBe(29)
    expect(fromMollieAmount({ currency: 'EUR', value: '1.10' })).toBe(110)
    expect(fromMollieAmount(undefined)).toBe(0)
  })

  it('refuses fractions of a cent, floats, negative amounts and currencies without decimals', () => {
    expect(() => toMollieAmount(19.99, 'EUR')).toThrow()
    expect(() => toMollieAmount(-1, 'EUR')).toThrow()
    expect(() => toMollieAmount(100, 'JPY')).toThrow()
    expect(() => toMollieAmount(100, 'eur')).toThrow()
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1.5' })).toThrow()
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1.005' })).toThrow()
    expect(() => fromMollieAmount({ currency: 'EUR', value: '-1.00' })).toThrow()
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1e3' })).toThrow()
  })
})
