import { describe, expect, it } from 'vitest'
import { formatMoney, methodFeeMinor, quote } from './pricing'

describe('quote', () => {
  it('applies the discount to the price, adds the fee on top and finds the VAT inside the total', () => {
    const q = quote({ listPriceMinor: 1999, currency: 'EUR', discountPercentage: 25, fee: { permille: 34, fixedEuroCents: 35 }, vatPercent: 21 })
    expect(q.discountMinor).toBe(500)
    expect(q.priceMinor).toBe(1499)
    expect(q.feeMinor).toBe(Math.round(1499 * 0.034) + 35)
    expect(q.totalMinor).toBe(1499 + q.feeMinor)
    expect(q.vatMinor).toBe(Math.round((q.totalMinor * 210) / 1210))
  })

  it('costs the list price without discount or fee, and no VAT where there is none', () => {
    expect(quote({ listPriceMinor: 999, currency: 'USD', vatPercent: 0 })).toMatchObject({ discountMinor: 0, feeMinor: 0, totalMinor: 999, vatMinor: 0 })
  })

  it('scales a fixed fee into currencies with small units', () => {
    expect(methodFeeMinor(10000, 'SEK', { permille: 0, fixedEuroCents: 35 })).toBe(385)
    expect(methodFeeMinor(10000, 'EUR', undefined)).toBe(0)
  })

  it('keeps the percentage between 0 and 100', () => {
    expect(quote({ listPriceMinor: 1000, currency: 'EUR', discountPercentage: 150, vatPercent: 0 }).totalMinor).toBe(0)
  })
})

describe('formatMoney', () => {
  it('formats minor units in the locale', () => {
    expect(formatMoney(999, 'EUR', 'de')).toMatch(/9,99\s?€/)
    expect(formatMoney(899, 'GBP', 'en')).toBe('£8.99')
  })
})
