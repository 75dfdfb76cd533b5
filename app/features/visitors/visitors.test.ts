import { describe, expect, it } from 'vitest'
import { defaultSettings } from '#app/features/settings/defaults'
import { localeOfDomain } from '#app/i18n/domain-locale'
import { entryWarningScopes } from './entry-warning'
import { dropdownLocales } from './locale-visibility'
import { selectedCountry, settingsForRequest } from './visitor.server'

describe('dropdownLocales (spec section 9, locale visibility by country)', () => {
  it('offers the languages of the visitor country plus the current one, in catalog order', () => {
    expect(dropdownLocales('NL', 'nl')).toEqual(['nl'])
    expect(dropdownLocales('NL', 'en')).toEqual(['en', 'nl'])
    expect(dropdownLocales('BE', 'nl')).toEqual(['nl', 'de', 'fr'])
    expect(dropdownLocales('CH', 'en')).toEqual(['en', 'de', 'it', 'fr'])
    expect(dropdownLocales('FI', 'fi')).toEqual(['fi', 'sv'])
    expect(dropdownLocales('US', 'en')).toEqual(['en', 'es'])
  })
  it('offers all languages when the country is unknown or not in the table', () => {
    expect(dropdownLocales(null, 'en')).toHaveLength(11)
    expect(dropdownLocales('BR', 'pl')).toHaveLength(11)
  })
})

describe('entryWarningScopes (spec section 2)', () => {
  const base = { loggedIn: false, skipped: false, enabled: 'yes', countries: [] as string[], country: 'FR' }
  it('shows to logged-out visitors everywhere on the default layout, and on the others only for NL and DE', () => {
    expect(entryWarningScopes(base)).toEqual({ all: true, restricted: false })
    expect(entryWarningScopes({ ...base, country: 'NL' })).toEqual({ all: true, restricted: true })
    expect(entryWarningScopes({ ...base, country: 'DE' })).toEqual({ all: true, restricted: true })
    expect(entryWarningScopes({ ...base, country: null })).toEqual({ all: true, restricted: false })
  })
  it('stays away for members, after a skip, when switched off, and outside the country list', () => {
    const none = { all: false, restricted: false }
    expect(entryWarningScopes({ ...base, country: 'NL', loggedIn: true })).toEqual(none)
    expect(entryWarningScopes({ ...base, country: 'NL', skipped: true })).toEqual(none)
    expect(entryWarningScopes({ ...base, country: 'NL', enabled: 'no' })).toEqual(none)
    expect(entryWarningScopes({ ...base, country: 'NL', countries: ['BE'] })).toEqual(none)
    expect(entryWarningScopes({ ...base, country: null, countries: ['BE'] })).toEqual(none)
    expect(entryWarningScopes({ ...base, country: 'NL', countries: ['NL', 'BE'] })).toEqual({ all: true, restricted: true })
  })
})

describe('localeOfDomain (setting locale_domains)', () => {
  const domains = { nl: 'amoura.nl', de: 'https://www.amoura.de/', fr: '' }
  it('finds the locale of a host, with or without port and protocol', () => {
    expect(localeOfDomain('amoura.nl', domains)).toBe('nl')
    expect(localeOfDomain('AMOURA.NL:443', domains)).toBe('nl')
    expect(localeOfDomain('www.amoura.de', domains)).toBe('de')
  })
  it('finds none for other hosts, empty mappings or nonsense', () => {
    expect(localeOfDomain('amoura.com', domains)).toBeNull()
    expect(localeOfDomain('', domains)).toBeNull()
    expect(localeOfDomain('amoura.nl', {})).toBeNull()
    expect(localeOfDomain('bad host/%%', domains)).toBeNull()
  })
})

describe('settings as a request sees them', () => {
  it('preselects the visitor country when served, else the language country, else the first', () => {
    expect(selectedCountry('NL', 'en', ['GB', 'NL'])).toBe('NL')
    expect(selectedCountry('BR', 'de', ['GB', 'DE'])).toBe('DE')
    expect(selectedCountry(null, 'pl', ['GB', 'DE'])).toBe('GB')
  })
  it('fills geoip_country, geoip_selected_country and the forced domain language', () => {
    const settings = { ...defaultSettings, locale_domains: { nl: 'amoura.nl' } }
    const nl = settingsForRequest(settings, { country: 'BE', host: 'amoura.nl' })
    expect(nl).toMatchObject({ geoip_country: 'BE', geoip_selected_country: 'BE', domain: 'amoura.nl', domain_language: 'nl-NL' })
    const other = settingsForRequest(settings, { country: null, host: 'amoura.com', locale: 'de' })
    expect(other).toMatchObject({ geoip_country: null, geoip_selected_country: 'DE', domain: settings.domain, domain_language: settings.domain_language })
  })
})
