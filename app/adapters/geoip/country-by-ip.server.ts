import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isIP } from 'node:net'
import { Reader, type CountryResponse } from 'mmdb-lib'

// The country of an IP address from an offline database shipped as an npm package (decision record 017):
// @ip-location-db/geo-whois-asn-country-mmdb (CC0, IPv4 and IPv6, countries only). No network look-ups.
type CountryRecord = CountryResponse & { country_code?: string }
let reader: Reader<CountryRecord> | undefined

function database(): Reader<CountryRecord> {
  if (!reader) {
    const file = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')
    reader = new Reader<CountryRecord>(readFileSync(file))
  }
  return reader
}

/** ISO 3166-1 alpha-2 code of the address's country, or null (private, loopback or unknown addresses). */
export function countryOfIp(ip: string | null | undefined): string | null {
  if (!ip) return null
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  if (!isIP(address)) return null
  const code = database().get(address)?.country_code
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null
}
