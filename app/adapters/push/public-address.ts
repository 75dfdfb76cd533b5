import dns, { type LookupAddress, type LookupOptions } from 'node:dns'
import net from 'node:net'

// Push endpoints come from browsers, that is from members: without this guard anyone could make the server POST to
// its own network (cloud metadata, admin ports). Real push services live on public addresses (as Mastodon checks).
const blocked = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4')
// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are checked against the IPv4 subnets by BlockList itself.
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6')

export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip)
  if (family === 0) return false
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS'
  constructor() {
    super('push endpoint resolves to a private address')
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** A `lookup` for http(s).request that refuses host names with any private address (no rebinding between answers). */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) return callback(new PrivateAddressError(), [])
    if (options.all) return callback(null, addresses)
    callback(null, addresses[0].address, addresses[0].family)
  })
}
