import { expect, it } from 'vitest'
import type { SocketRegistry } from './ws-socket-registry.server'

/**
 * What every socket registry does (memory and Redis): `make` gives registries that count together, as the
 * processes of one site do (the memory one is its own only site, so `make` returns the same one).
 */
export function socketRegistryContract(make: (cap: number) => { one: SocketRegistry; two: SocketRegistry; close(): Promise<void> }) {
  const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `s${from + i}`)
  let user = Math.floor(Math.random() * 1e9)

  it("counts a member's sockets up to the cap, then gives the oldest back for each new one", async () => {
    const r = make(3)
    const u = ++user
    for (const id of ids(3)) expect(await r.one.add(u, id)).toEqual([])
    expect(await r.two.add(u, 's4')).toEqual(['s1'])
    expect(await r.one.add(u, 's5')).toEqual(['s2'])
    // Another member has a count of their own.
    expect(await r.two.add(user + 1000, 's6')).toEqual([])
    await r.close()
  })

  it('forgets a closed socket, so a new one takes its place without closing another', async () => {
    const r = make(2)
    const u = ++user
    await r.one.add(u, 'a')
    await r.two.add(u, 'b')
    await r.one.remove(u, 'a')
    expect(await r.two.add(u, 'c')).toEqual([])
    expect(await r.one.add(u, 'd')).toEqual(['b'])
    await r.close()
  })
}
