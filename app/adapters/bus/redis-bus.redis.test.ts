import { describe, expect, it } from 'vitest'
import { busContract, until } from './bus-contract'
import { createRedisBus } from './redis-bus.server'

// Included by vitest.config.ts only when REDIS_URL is set.
const redisUrl = process.env.REDIS_URL!

describe('redis bus', () => {
  busContract(() => createRedisBus(redisUrl, `test${process.pid}:`))

  it('delivers a message published on one connection pair to another', async () => {
    const prefix = `x${process.pid}:`
    const one = createRedisBus(redisUrl, prefix)
    const two = createRedisBus(redisUrl, prefix)
    const got: unknown[] = []
    await two.subscribe('room', (p) => got.push(p))
    await one.publish('room', { hello: 'world' })
    await until(() => got.length === 1)
    expect(got[0]).toEqual({ hello: 'world' })
    await Promise.all([one.close(), two.close()])
  })
})
