import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { BlockList, isIP } from 'node:net'
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

// Addresses that belong to no country (loopback, private, link-local, carrier NAT, IPv4-compatible IPv6): the
// database may still answer for some of them through its IPv4-in-IPv6 mapping, so they are never looked up.
const local = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  local.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  local.addSubnet(net, prefix, 'ipv6')

/** ISO 3166-1 alpha-2 code of the address's country, or null (private, loopback or unknown addresses). */
export function countryOfIp(ip: string | null | undefined): string | null {
  if (!ip) return null
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  const family = isIP(address)
  if (!family || local.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null
  const code = database().get(address)?.country_code
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null
}
