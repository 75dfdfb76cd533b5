import { expect, it } from 'vitest'
import type { Bus } from './bus'

export async function until(cond: () => boolean, ms = 2000) {
  const start = Date.now()
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** The behaviour every Bus implementation must have; run against each (soketi's approach). */
export function busContract(make: () => Bus) {
  it('delivers to every subscriber of a topic and stops after unsubscribe', async () => {
    const bus = make()
    const a: unknown[] = []
    const b: unknown[] = []
    const other: unknown[] = []
    const unsubA = await bus.subscribe('t1', (p) => a.push(p))
    await bus.subscribe('t1', (p) => b.push(p))
    await bus.subscribe('t2', (p) => other.push(p))
    await bus.publish('t1', { n: 1 })
    await until(() => a.length === 1 && b.length === 1)
    expect(a[0]).toEqual({ n: 1 })
    expect(other).toEqual([])
    await unsubA()
    await bus.publish('t1', { n: 2 })
    await until(() => b.length === 2)
    expect(a).toHaveLength(1)
    await bus.close()
  })

  it('keeps delivering to the other subscribers when one throws', async () => {
    const bus = make()
    const got: unknown[] = []
    await bus.subscribe('t3', () => {
      throw new Error('subscriber bug')
    })
    await bus.subscribe('t3', (p) => got.push(p))
    await bus.publish('t3', { n: 1 })
    await bus.publish('t3', { n: 2 })
    await until(() => got.length === 2)
    expect(got).toEqual([{ n: 1 }, { n: 2 }])
    await bus.close()
  })
}
