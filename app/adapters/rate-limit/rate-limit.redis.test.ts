import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'

// Included by vitest.config.ts only when REDIS_URL is set.
const url = process.env.REDIS_URL!
const probe = new Redis(url)
afterAll(() => probe.quit())

// Each case gets the module afresh, as a process that has just started.
const freshAdapter = async () => {
  vi.resetModules()
  return import('./rate-limit.server')
}
const prefix = () => `${process.env.REDIS_PREFIX ?? 'test-'}rl-${process.pid}-${crypto.randomUUID()}:`

describe('rate limits in Redis', () => {
  it('count from the very first request once the store was opened at start', async () => {
    const { createLimiter, consume, openRateLimitStore } = await freshAdapter()
    await openRateLimitStore(url)
    const p = prefix()
    const limiter = createLimiter({ keyPrefix: 'first', points: 5, duration: 60, redis: { url, prefix: p } })
    expect(await consume(limiter, '203.0.113.1')).toBe(0)
    // In Redis, where every process sees it; not in this process's insurance memory.
    expect(await probe.keys(`${p}rl:first*`)).toHaveLength(1)
  })

  it("(without opening it first, the first request lands in this process's memory)", async () => {
    const { createLimiter, consume } = await freshAdapter()
    const p = prefix()
    const limiter = createLimiter({ keyPrefix: 'first', points: 5, duration: 60, redis: { url, prefix: p } })
    expect(await consume(limiter, '203.0.113.1')).toBe(0)
    expect(await probe.keys(`${p}rl:first*`)).toHaveLength(0)
  })
})
