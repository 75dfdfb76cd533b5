import { describe, expect, it } from 'vitest'
import { resolveLocale } from './resolve-locale'

describe('resolveLocale', () => {
  it('prefers the cookie', () => {
    expect(resolveLocale({ cookie: 'de', accountLanguage: 'fr', domainLanguage: 'nl-NL' })).toBe('de')
  })
  it('then the account language', () => {
    expect(resolveLocale({ cookie: 'xx', accountLanguage: 'fr', domainLanguage: 'nl-NL' })).toBe('fr')
  })
  it('then the first two letters of domain_language', () => {
    expect(resolveLocale({ domainLanguage: 'nb-NO' })).toBe('nb')
    expect(resolveLocale({ domainLanguage: 'pt-BR' })).toBe('en')
  })
  it('else English', () => {
    expect(resolveLocale({})).toBe('en')
  })
})
