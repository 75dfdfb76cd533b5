import { expect, it } from 'vitest'
import { isPublicAddress, publicOnlyLookup } from './public-address'

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
  ['64:ff9b::808:808', true],
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
