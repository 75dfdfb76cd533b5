import { describe, expect, it } from 'vitest'
import { jsonByteStream, jsonPieces, keysetPages, streamedArray, streamedObject } from './json-stream'

async function* count(n: number) {
  for (let i = 0; i < n; i++) yield { i, at: new Date(0), name: `row "${i}"` }
}

async function text(value: unknown, chunk?: number): Promise<{ text: string; pieces: string[] }> {
  const pieces: string[] = []
  for await (const p of jsonPieces(value, chunk)) pieces.push(p)
  return { text: pieces.join(''), pieces }
}

describe('jsonPieces', () => {
  it('writes what JSON.stringify writes, streamed arrays and objects included', async () => {
    const doc = streamedObject([
      ['a', 1],
      ['skipped', undefined],
      ['list', streamedArray(count(3))],
      ['nested', streamedArray((async function* () {
        yield streamedObject([['id', 7], ['inner', streamedArray(count(2))]])
        yield streamedObject([['id', 8], ['inner', streamedArray(count(0))]])
      })())],
      ['plain', { x: [1, 2] }],
    ])
    const want = {
      a: 1,
      list: [0, 1, 2].map((i) => ({ i, at: new Date(0), name: `row "${i}"` })),
      nested: [
        { id: 7, inner: [0, 1].map((i) => ({ i, at: new Date(0), name: `row "${i}"` })) },
        { id: 8, inner: [] },
      ],
      plain: { x: [1, 2] },
    }
    expect((await text(doc)).text).toBe(JSON.stringify(want))
  })

  it('gives pieces of about the asked size, not one string of everything', async () => {
    const { text: all, pieces } = await text(streamedArray(count(5000)), 4096)
    expect(JSON.parse(all)).toHaveLength(5000)
    expect(pieces.length).toBeGreaterThan(20)
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(4096 + 100)
  })
})

describe('jsonByteStream', () => {
  it('reads the source only as the receiver asks', async () => {
    let produced = 0
    async function* rows() {
      for (let i = 0; i < 100_000; i++) {
        produced++
        yield { i, pad: 'x'.repeat(50) }
      }
    }
    const reader = jsonByteStream(streamedArray(rows())).getReader()
    await reader.read()
    expect(produced).toBeLessThan(1000)
    await reader.cancel()
  })
})

describe('keysetPages', () => {
  it('asks page after page from the last key, and stops at a short page', async () => {
    const data = Array.from({ length: 12 }, (_, i) => ({ id: i + 1 }))
    const asked: (number | null)[] = []
    const out = []
    for await (const r of keysetPages(async (after: number | null, limit) => (asked.push(after), data.filter((d) => d.id > (after ?? 0)).slice(0, limit)), (r) => r.id, 5)) out.push(r.id)
    expect(out).toEqual(data.map((d) => d.id))
    expect(asked).toEqual([null, 5, 10])
  })
})
