import { describe, expect, it } from 'vitest'
import { currencyFormat, regionNamesFor } from './intl-cache'

describe('the Intl cache', () => {
  it('makes one region-name table per language, in that language', () => {
    expect(regionNamesFor('de')).toBe(regionNamesFor('de'))
    expect(regionNamesFor('de').of('NL')).toBe('Niederlande')
    expect(regionNamesFor('fr').of('NL')).toBe('Pays-Bas')
  })

  it('makes one currency format per language and currency', () => {
    expect(currencyFormat('nl', 'EUR')).toBe(currencyFormat('nl', 'EUR'))
    expect(currencyFormat('nl', 'EUR')).not.toBe(currencyFormat('nl', 'GBP'))
    expect(currencyFormat('en', 'GBP').format(8.99)).toBe('£8.99')
  })
})
