import { describe, expect, it } from 'vitest'
import { defaultSettings, type Settings } from '#app/features/settings/defaults'
import { methodViews } from './offers.server'

const settings = (over: Partial<Settings> = {}) => ({ ...defaultSettings, ...over }) as Settings
const ids = (s: Settings, country: string) => methodViews(s, country, 'EUR', 2999).map((m) => m.id)

describe('methodViews: the card brands are one choice (issue 28)', () => {
  it('folds Visa, Mastercard and Maestro into the card payment, which names them', () => {
    const nl = methodViews(settings(), 'NL', 'EUR', 2999)
    expect(nl.map((m) => m.id)).not.toContain('visa')
    expect(nl.map((m) => m.id)).not.toContain('mastercard')
    expect(nl.map((m) => m.id)).not.toContain('maestro')
    expect(nl.find((m) => m.id === 'creditcard')?.brands).toEqual(['Mastercard', 'Visa', 'Maestro'])
    // Other card schemes with their own name and acceptance stay choices (Bancontact in Belgium).
    expect(ids(settings(), 'BE')).toContain('bancontact')
    // Where Maestro is not taken, only the brands that are.
    expect(methodViews(settings(), 'SE', 'SEK', 2999).find((m) => m.id === 'creditcard')?.brands).toEqual(['Mastercard', 'Visa'])
  })

  it('keeps a brand the operator priced differently, and every brand where the card payment is switched off', () => {
    const fees = { ...defaultSettings.payment_method_fees, visa: { permille: 10, fixedEuroCents: 0 } }
    const priced = methodViews(settings({ payment_method_fees: fees }), 'NL', 'EUR', 2999)
    expect(priced.map((m) => m.id)).toContain('visa')
    expect(priced.find((m) => m.id === 'creditcard')?.brands).toEqual(['Mastercard', 'Maestro'])
    expect(ids(settings({ disabled_payment_methods: ['creditcard'] }), 'NL')).toEqual(expect.arrayContaining(['visa', 'mastercard', 'maestro']))
  })
})
