import { describe, expect, it } from 'vitest'
import { batchLoads } from './batch'

describe('batchLoads', () => {
  it('coalesces the loads of one turn into one call, without repeated keys, and answers each caller', async () => {
    const calls: number[][] = []
    const load = batchLoads(async (keys: number[]) => {
      calls.push(keys)
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, k * 10]))
    })
    const got = await Promise.all([load(1), load(2), load(1), load(3)])
    expect(got).toEqual([10, 20, 10, undefined])
    expect(calls).toEqual([[1, 2, 3]])
    // A later turn is a batch of its own.
    expect(await load(4)).toBe(40)
    expect(calls).toEqual([[1, 2, 3], [4]])
  })

  it('splits a large batch and fails every caller of a failed one', async () => {
    const calls: number[][] = []
    const load = batchLoads(
      async (keys: number[]) => {
        calls.push(keys)
        if (keys.includes(5)) throw new Error('boom')
        return new Map(keys.map((k) => [k, k]))
      },
      { maxBatch: 3 },
    )
    const got = await Promise.allSettled([1, 2, 3, 4, 5].map((k) => load(k)))
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
    expect(got.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected'])
  })
})
