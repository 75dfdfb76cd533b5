import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { describe, expect, it, vi } from 'vitest'

type Prefetch = (
  url: string,
  init: RequestInit,
  opts?: { idleMs?: number; retries?: number; pause?: (ms: number) => Promise<void> },
) => Promise<Response | null>

/** public/sw-prefetch.js as the service worker loads it (importScripts), with a fetch of the test's own. */
function load(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const self: Record<string, unknown> = {}
  vm.runInNewContext(fs.readFileSync(path.resolve('public/sw-prefetch.js'), 'utf8'), { self, fetch: fetchImpl, AbortController, setTimeout, clearTimeout })
  return self as { prefetchWithRetries: Prefetch; PREFETCH_IDLE_MS: number; PREFETCH_RETRIES: number }
}

/** A fetch that never answers until aborted, like a request whose connection stalls. */
const stalled = (_url: string, init: RequestInit) =>
  new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))

describe('the service worker’s prefetch after a push', () => {
  it('uses the spec’s figures: 2,000 ms idle timeout, 5 retries', () => {
    const sw = load(stalled)
    expect(sw.PREFETCH_IDLE_MS).toBe(2000)
    expect(sw.PREFETCH_RETRIES).toBe(5)
  })

  it('cuts a silent request after the idle timeout and tries again, 1 + 5 times in all, then gives up with null', async () => {
    vi.useFakeTimers()
    try {
      const calls: number[] = []
      const sw = load((url, init) => (calls.push(Date.now()), stalled(url, init)))
      const done = sw.prefetchWithRetries('/api/chats.php', {}, { pause: async () => {} })
      await vi.advanceTimersByTimeAsync(1999)
      expect(calls).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toHaveLength(2)
      await vi.advanceTimersByTimeAsync(5 * 2000)
      expect(await done).toBeNull()
      expect(calls).toHaveLength(6)
    } finally {
      vi.useRealTimers()
    }
  })

  it('returns the first answer: a failure, then a request that answers, waiting longer before each new try', async () => {
    const pauses: number[] = []
    let n = 0
    const sw = load(async () => {
      n += 1
      if (n < 3) throw new TypeError('network down')
      return new Response('{"chats":[]}', { status: 200 })
    })
    const r = await sw.prefetchWithRetries('/api/chats.php', {}, { pause: async (ms) => void pauses.push(ms) })
    expect(r?.status).toBe(200)
    expect(n).toBe(3)
    expect(pauses).toEqual([1000, 2000])
  })
})
