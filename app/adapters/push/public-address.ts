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

/** An IPv6 address as a 128-bit number, or null when it is not one (a zone, `%eth0`, is dropped). */
function ipv6Bits(ip: string): bigint | null {
  const text = ip.split('%')[0]
  if (!net.isIPv6(text)) return null
  // A trailing dotted quad (::ffff:127.0.0.1, 64:ff9b::10.0.0.1) stands for the last two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  const hex = quad ? text.slice(0, quad.index) + (((+quad[1] << 8) | +quad[2]).toString(16) + ':' + ((+quad[3] << 8) | +quad[4]).toString(16)) : text
  const [left, right] = hex.split('::')
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : [])
  const l = groups(left)
  const r = groups(right)
  const all = right === undefined ? l : [...l, ...Array<number>(8 - l.length - r.length).fill(0), ...r]
  if (all.length !== 8 || all.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null
  return all.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n)
}

const inPrefix = (bits: bigint, prefix: string, length: number) => bits >> BigInt(128 - length) === ipv6Bits(prefix)! >> BigInt(128 - length)
const ipv4Of = (n: bigint) => [24n, 16n, 8n, 0n].map((s) => Number((n >> s) & 0xffn)).join('.')

// IPv6 ranges that are no host on the internet, or that reach one only through a gateway or relay translating to
// IPv4 behind our back: NAT64 (64:ff9b::/96, and 64:ff9b:1::/48 for local use) hands the packet to whatever IPv4
// address is embedded, 127.0.0.1 or 169.254.169.254 on the server's own network included; 6to4 (2002::/16) and
// Teredo (2001::/32, in the IETF protocol block 2001::/23) tunnel to an embedded IPv4 address too. No push service
// is reached this way, so these are refused whatever IPv4 address they carry (issue 24, point 10).
const refusedV6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form ::a.b.c.d
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765)
  ['64:ff9b::', 96], // NAT64, well-known prefix
  ['64:ff9b:1::', 48], // NAT64, local use
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
]

/**
 * The IPv4 address an IPv6 address carries, for the forms that carry one: IPv4-mapped (::ffff:a.b.c.d), the
 * IPv4-compatible and IPv4-translated forms, NAT64, 6to4 (2002:AABB:CCDD::) and Teredo (the client's address,
 * inverted, in the last 32 bits). Null for any other address.
 */
export function embeddedIpv4(ip: string): string | null {
  const bits = ipv6Bits(ip)
  if (bits === null) return null
  const low32 = bits & 0xffffffffn
  for (const [prefix, length] of [
    ['::ffff:0:0', 96],
    ['::', 96],
    ['::ffff:0:0:0', 96],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
  ] as const) {
    if (inPrefix(bits, prefix, length)) return ipv4Of(low32)
  }
  if (inPrefix(bits, '2002::', 16)) return ipv4Of((bits >> 80n) & 0xffffffffn)
  if (inPrefix(bits, '2001::', 32)) return ipv4Of(low32 ^ 0xffffffffn)
  return null
}

export function isPublicAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return !blocked.check(ip, 'ipv4')
  const bits = ipv6Bits(ip)
  if (bits === null) return false
  // IPv4-mapped, in any spelling (::ffff:127.0.0.1, ::ffff:7f00:1): the connection goes to that IPv4 address.
  if (inPrefix(bits, '::ffff:0:0', 96)) return !blocked.check(embeddedIpv4(ip)!, 'ipv4')
  // The translation forms are refused outright; an embedded private address is a reason more, checked all the same.
  const inner = embeddedIpv4(ip)
  if (inner !== null && blocked.check(inner, 'ipv4')) return false
  return !refusedV6.some(([prefix, length]) => inPrefix(bits, prefix, length))
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
