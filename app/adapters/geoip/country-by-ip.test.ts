import { describe, expect, it } from 'vitest'
import { countryOfIp } from './country-by-ip.server'

describe('countryOfIp', () => {
  it('finds the country of public IPv4 and IPv6 addresses offline', () => {
    expect(countryOfIp('145.97.0.1')).toBe('NL')
    expect(countryOfIp('217.0.0.1')).toBe('DE')
    expect(countryOfIp('8.8.8.8')).toBe('US')
    expect(countryOfIp('::ffff:145.97.0.1')).toBe('NL')
    expect(countryOfIp('2001:67c:2e8::1')).toBe('NL')
  })

  it('knows no country for private, loopback or malformed addresses', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.1', '', 'not-an-ip', null, undefined]) expect(countryOfIp(ip)).toBeNull()
  })
})
