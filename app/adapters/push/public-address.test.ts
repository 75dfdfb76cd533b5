import dns from 'node:dns'
import { describe, expect, it, vi } from 'vitest'
import { embeddedIpv4, isPublicAddress, publicOnlyLookup } from './public-address'

it.each([
  ['142.250.185.74', true],
  ['2a00:1450:4001:82b::200a', true],
  ['127.0.0.1', false],
  ['10.1.2.3', false],
  ['172.20.0.1', false],
  ['192.168.1.1', false],
  ['169.254.169.254', false],
  ['100.64.0.1', false],
  ['0.0.0.0', false],
  ['255.255.255.255', false],
  ['::1', false],
  ['::', false],
  ['::ffff:127.0.0.1', false],
  ['::ffff:8.8.8.8', true],
  ['fd00::1', false],
  ['fe80::1', false],
  ['not an address', false],
])('%s is public: %s', (ip, expected) => {
  expect(isPublicAddress(ip)).toBe(expected)
})

it('refuses a host name that resolves to a private address', async () => {
  const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)))
  expect(err?.code).toBe('EPRIVATEADDRESS')
})

// Issue 24, point 10: IPv6 forms that reach an IPv4 address through a translator or a tunnel. A NAT64 gateway on the
// server's network turns 64:ff9b::a9fe:a9fe into a request to 169.254.169.254 (cloud metadata).
describe('IPv6 forms that carry an IPv4 address', () => {
  it.each([
    // NAT64, well-known prefix and local use: refused whatever they embed, private or public.
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['64:ff9b::169.254.169.254', '169.254.169.254'],
    ['64:ff9b::7f00:1', '127.0.0.1'],
    ['64:ff9b::808:808', '8.8.8.8'],
    ['64:ff9b:1::a00:1', '10.0.0.1'],
    ['64:ff9b:1:ffff::c0a8:101', '192.168.1.1'],
    // 6to4: the IPv4 address is in groups 2 and 3.
    ['2002:7f00:1::1', '127.0.0.1'],
    ['2002:a9fe:a9fe::', '169.254.169.254'],
    ['2002:808:808::1', '8.8.8.8'],
    // Teredo: the client's address, inverted, in the last 32 bits (RFC 4380's example, then 127.0.0.1).
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '192.0.2.45'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'],
    // IPv4-compatible (deprecated) and IPv4-translated.
    ['::127.0.0.1', '127.0.0.1'],
    ['::808:808', '8.8.8.8'],
    ['::ffff:0:a9fe:a9fe', '169.254.169.254'],
  ])('%s (carrying %s) is refused', (ip, inner) => {
    expect(embeddedIpv4(ip)).toBe(inner)
    expect(isPublicAddress(ip)).toBe(false)
  })

  it.each([
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['0:0:0:0:0:ffff:7f00:1', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['::ffff:808:808', true],
  ])('IPv4-mapped %s is judged by its IPv4 address: public %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected)
  })

  it.each(['2001:db8::1', '100::1', 'fec0::1', 'fe80::1%eth0', '2001:2::1', '1::2::3'])('%s is refused', (ip) => {
    expect(isPublicAddress(ip)).toBe(false)
  })

  it.each(['2001:4860:4860::8888', '2a00:1450:4001:82b::200a', '2606:4700:4700::1111'])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true)
  })

  it('refuses a push host whose name resolves to a NAT64 or 6to4 address', async () => {
    for (const address of ['64:ff9b::a9fe:a9fe', '2002:7f00:1::1']) {
      const spy = vi
        .spyOn(dns, 'lookup')
        .mockImplementation(((_host: string, _opts: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) => cb(null, [{ address, family: 6 }])) as never)
      const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('push.attacker.example', {}, (e) => resolve(e)))
      spy.mockRestore()
      expect(err?.code, address).toBe('EPRIVATEADDRESS')
    }
  })
})
