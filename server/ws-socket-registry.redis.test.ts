import { describe, expect, it } from 'vitest'
import { socketRegistryContract } from './ws-socket-registry-contract'
import { createRedisSocketRegistry } from './ws-socket-registry.server'

// Included by vitest.config.ts only when REDIS_URL is set. Two registries on one prefix are two processes.
const redisUrl = process.env.REDIS_URL!
const prefix = () => `${process.env.REDIS_PREFIX ?? 'test-'}sockets-${process.pid}-${crypto.randomUUID()}:`

describe('redis socket registry (every process counts together)', () => {
  socketRegistryContract((cap) => {
    const p = prefix()
    const one = createRedisSocketRegistry(redisUrl, p, { cap, staleMs: 60_000 })
    const two = createRedisSocketRegistry(redisUrl, p, { cap, staleMs: 60_000 })
    return { one, two, close: async () => void (await Promise.all([one.close(), two.close()])) }
  })

  it('agrees when many sockets open at once on several processes: exactly the excess is closed', async () => {
    const p = prefix()
    const registries = [1, 2, 3].map(() => createRedisSocketRegistry(redisUrl, p, { cap: 5, staleMs: 60_000 }))
    const evicted = await Promise.all(Array.from({ length: 12 }, (_, i) => registries[i % 3].add(7, `s${i}`)))
    expect(evicted.flat()).toHaveLength(7)
    expect(new Set(evicted.flat()).size).toBe(7)
    await Promise.all(registries.map((r) => r.close()))
  })

  it('stops counting the sockets of a process that died (no heartbeat), and keeps those it vouches for', async () => {
    const p = prefix()
    const dead = createRedisSocketRegistry(redisUrl, p, { cap: 2, staleMs: 300 })
    const alive = createRedisSocketRegistry(redisUrl, p, { cap: 2, staleMs: 300 })
    await dead.add(9, 'gone')
    await alive.add(9, 'kept')
    await new Promise((r) => setTimeout(r, 200))
    await alive.refresh([{ userId: 9, socketId: 'kept' }])
    await new Promise((r) => setTimeout(r, 200))
    // 'gone' was last seen 400 ms ago, 'kept' 200 ms ago: the new socket fits beside 'kept', nothing is closed.
    expect(await alive.add(9, 'new')).toEqual([])
    expect(await alive.add(9, 'newer')).toEqual(['kept'])
    await Promise.all([dead.close(), alive.close()])
  })

  it('lets a socket in uncounted while Redis cannot be reached', async () => {
    const r = createRedisSocketRegistry('redis://127.0.0.1:1', prefix(), { cap: 1, staleMs: 60_000 })
    expect(await r.add(1, 'a')).toEqual([])
    expect(await r.add(1, 'b')).toEqual([])
    await r.close()
  })
})
