import { describe, expect, it } from 'vitest'
import type { Bus } from './bus'
import { createMemoryBus } from './memory-bus.server'
import { createRedisBus } from './redis-bus.server'

function received(bus: Bus, topic: string) {
  const got: unknown[] = []
  const ready = bus.subscribe(topic, (p) => got.push(p))
  return { got, ready }
}

async function until(cond: () => boolean, ms = 2000) {
  const start = Date.now()
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

const redisUrl = process.env.REDIS_URL
const buses: [string, () => Bus][] = [['memory', createMemoryBus]]
if (redisUrl) buses.push(['redis', () => createRedisBus(redisUrl, `test${process.pid}:`)])

describe.each(buses)('%s bus', (_name, make) => {
  it('delivers to every subscriber of a topic and stops after unsubscribe', async () => {
    const bus = make()
    const a = received(bus, 't1')
    const b = received(bus, 't1')
    const other = received(bus, 't2')
    const unsubA = await a.ready
    await b.ready
    await other.ready
    await bus.publish('t1', { n: 1 })
    await until(() => a.got.length === 1 && b.got.length === 1)
    expect(a.got[0]).toEqual({ n: 1 })
    expect(other.got).toEqual([])
    await unsubA()
    await bus.publish('t1', { n: 2 })
    await until(() => b.got.length === 2)
    expect(a.got).toHaveLength(1)
    await bus.close()
  })
})

describe.runIf(redisUrl)('redis bus across processes', () => {
  it('delivers a message published on one connection set to another', async () => {
    const prefix = `x${process.pid}:`
    const one = createRedisBus(redisUrl!, prefix)
    const two = createRedisBus(redisUrl!, prefix)
    const r = received(two, 'room')
    await r.ready
    await one.publish('room', { hello: 'world' })
    await until(() => r.got.length === 1)
    expect(r.got[0]).toEqual({ hello: 'world' })
    await Promise.all([one.close(), two.close()])
  })
})
