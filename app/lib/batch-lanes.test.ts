import { describe, expect, it } from 'vitest'
import { createBatchLanes, type Settled } from './batch-lanes'

type Item = { key: number; id: string }

/** Lanes whose batches wait until released, recording each batch as it starts. */
function recorder(lanes: number, maxBatch: number) {
  const batches: string[][] = []
  const release: Array<() => void> = []
  let running = 0
  let most = 0
  const l = createBatchLanes<Item, string>({
    lanes,
    maxBatch,
    keyOf: (i) => i.key,
    async runBatch(items) {
      batches.push(items.map((i) => i.id))
      running += 1
      most = Math.max(most, running)
      await new Promise<void>((r) => release.push(r))
      running -= 1
      return items.map((i): Settled<string> => (i.id.startsWith('bad') ? { ok: false, error: new Error(i.id) } : { ok: true, value: `done ${i.id}` }))
    },
  })
  const releaseAll = async () => {
    while (release.length > 0) {
      release.shift()!()
      await new Promise((r) => setTimeout(r, 0))
    }
  }
  return { l, batches, releaseAll, most: () => most }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('createBatchLanes', () => {
  it('runs an item alone when its lane is quiet, and the items that came meanwhile together, in order', async () => {
    const { l, batches, releaseAll } = recorder(1, 64)
    const first = l.submit({ key: 1, id: 'a' })
    await tick()
    const later = ['b', 'c', 'd'].map((id) => l.submit({ key: 1, id }))
    expect(batches).toEqual([['a']])
    expect(l.pending).toBe(4)
    await releaseAll()
    expect(await first).toBe('done a')
    expect(await Promise.all(later)).toEqual(['done b', 'done c', 'done d'])
    expect(batches).toEqual([['a'], ['b', 'c', 'd']])
    expect(l.pending).toBe(0)
  })

  it('items submitted together share a batch, no larger than maxBatch', async () => {
    const { l, batches, releaseAll } = recorder(1, 2)
    const all = ['a', 'b', 'c', 'd', 'e'].map((id) => l.submit({ key: 7, id }))
    await tick()
    await releaseAll()
    await Promise.all(all)
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']])
  })

  it('runs lanes side by side, and never two batches of one key at once', async () => {
    const { l, batches, releaseAll, most } = recorder(2, 64)
    const all = [l.submit({ key: 0, id: 'x1' }), l.submit({ key: 1, id: 'y1' })]
    await tick()
    all.push(l.submit({ key: 0, id: 'x2' }), l.submit({ key: 2, id: 'x3' }))
    await tick()
    expect(batches).toEqual([['x1'], ['y1']])
    await releaseAll()
    await Promise.all(all)
    expect(most()).toBe(2)
    expect(batches).toEqual([['x1'], ['y1'], ['x2', 'x3']])
  })

  it('one failed item fails alone; a failed batch fails its own items and the lane goes on', async () => {
    const { l, releaseAll } = recorder(1, 64)
    const results = ['a', 'bad', 'c'].map((id) => l.submit({ key: 1, id }).catch((e: Error) => `failed ${e.message}`))
    await tick()
    await releaseAll()
    expect(await Promise.all(results)).toEqual(['done a', 'failed bad', 'done c'])

    let calls = 0
    const broken = createBatchLanes<number, number>({
      lanes: 1,
      maxBatch: 64,
      keyOf: () => 0,
      runBatch: async (items) => {
        calls += 1
        if (calls === 1) throw new Error('connection lost')
        return items.map((value) => ({ ok: true, value }))
      },
    })
    const lost = [broken.submit(1), broken.submit(2)].map((p) => p.catch((e: Error) => e.message))
    expect(await Promise.all(lost)).toEqual(['connection lost', 'connection lost'])
    expect(await broken.submit(3)).toBe(3)
  })
})
