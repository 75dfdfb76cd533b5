import { describe, expect, it, vi } from 'vitest'
import { fetchWithRetry, isRetryable, MAX_RETRIES, parseRetryAfter, retryDelay } from './retry'

const mid = () => 0.5 // no spread

describe('retryDelay', () => {
  it('doubles from 1 s: 1, 2, 4, 8, 16 s for the five retries', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, { random: mid }))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000])
  })
  it('is capped at 30 s', () => {
    expect(retryDelay(9, { random: mid })).toBe(30_000)
  })
  it('spreads by at most 20 % either way', () => {
    expect(retryDelay(2, { random: () => 0 })).toBe(1_600)
    expect(retryDelay(2, { random: () => 0.999999 })).toBe(2_400)
  })
  it('honours Retry-After in seconds or as a date, and gives up on a long one', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryDelay(1, { retryAfter: '7', random: mid })).toBe(7_000)
    expect(retryDelay(4, { retryAfter: '0', random: mid })).toBe(0)
    expect(retryDelay(1, { retryAfter: 'Thu, 01 Jan 2026 00:00:03 GMT', now, random: mid })).toBe(3_000)
    expect(retryDelay(1, { retryAfter: '3600', random: mid })).toBeNull()
    expect(retryDelay(1, { retryAfter: 'soon', random: mid })).toBe(1_000)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and dates; a past date means now', () => {
    const now = Date.parse('2026-01-01T00:00:10Z')
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null)).toBeNull()
    expect(parseRetryAfter('-1')).toBeNull()
  })
})

describe('isRetryable', () => {
  it('retries network failures and 5xx of idempotent calls', () => {
    expect(isRetryable({ kind: 'network' }, 'GET')).toBe(true)
    for (const status of [500, 502, 503, 504]) expect(isRetryable({ kind: 'response', status }, 'GET'), String(status)).toBe(true)
    expect(isRetryable({ kind: 'response', status: 500 }, 'delete')).toBe(true)
  })
  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 429]) {
      expect(isRetryable({ kind: 'response', status }, 'GET'), String(status)).toBe(false)
      expect(isRetryable({ kind: 'response', status }, 'POST', true), String(status)).toBe(false)
    }
  })
  it('repeats a POST only on 503, unless the caller calls it idempotent', () => {
    expect(isRetryable({ kind: 'response', status: 503 }, 'POST')).toBe(true)
    expect(isRetryable({ kind: 'response', status: 500 }, 'POST')).toBe(false)
    expect(isRetryable({ kind: 'network' }, 'POST')).toBe(false)
    expect(isRetryable({ kind: 'network' }, 'POST', true)).toBe(true)
  })
})

function answers(...steps: (number | 'network' | Response)[]) {
  const queue = [...steps]
  return vi.fn(async () => {
    const step = queue.shift()
    if (step === undefined) throw new Error('no more answers')
    if (step === 'network') throw new TypeError('Failed to fetch')
    return step instanceof Response ? step : new Response(null, { status: step })
  })
}

describe('fetchWithRetry', () => {
  it('retries a 503 and a network failure, with growing waits, until it succeeds', async () => {
    const fetch = answers(503, 'network', 502, 200)
    const sleep = vi.fn(async (_ms: number) => {})
    const res = await fetchWithRetry('/api/chats.php', {}, { fetch, sleep, random: mid })
    expect(res.status).toBe(200)
    expect(fetch).toHaveBeenCalledTimes(4)
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([1_000, 2_000, 4_000])
  })

  it('gives up after 5 retries (6 attempts) and hands back the last answer', async () => {
    const fetch = answers(500, 500, 500, 500, 500, 500, 200)
    const sleep = vi.fn(async (_ms: number) => {})
    const res = await fetchWithRetry('/api/likes.php', {}, { fetch, sleep, random: mid })
    expect(res.status).toBe(500)
    expect(fetch).toHaveBeenCalledTimes(MAX_RETRIES + 1)
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([1_000, 2_000, 4_000, 8_000, 16_000])
  })

  it('rejects with the network error when the network stays down', async () => {
    const fetch = answers('network', 'network', 'network', 'network', 'network', 'network')
    await expect(fetchWithRetry('/api/user.php', {}, { fetch, sleep: async () => {} })).rejects.toThrow('Failed to fetch')
    expect(fetch).toHaveBeenCalledTimes(6)
  })

  it('does not retry a 4xx', async () => {
    for (const status of [400, 403, 404, 429]) {
      const fetch = answers(status, 200)
      const res = await fetchWithRetry('/api/user.php', {}, { fetch, sleep: async () => {} })
      expect(res.status).toBe(status)
      expect(fetch).toHaveBeenCalledTimes(1)
    }
  })

  it('waits as long as Retry-After says', async () => {
    const fetch = answers(new Response(null, { status: 503, headers: { 'Retry-After': '3' } }), 200)
    const sleep = vi.fn(async (_ms: number) => {})
    await fetchWithRetry('/api/chats.php', {}, { fetch, sleep, random: mid })
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([3_000])
  })

  it('stops at a Retry-After longer than a minute', async () => {
    const fetch = answers(new Response(null, { status: 503, headers: { 'Retry-After': '600' } }), 200)
    const res = await fetchWithRetry('/api/chats.php', {}, { fetch, sleep: async () => {} })
    expect(res.status).toBe(503)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('does not repeat a POST that may have been carried out', async () => {
    const fetch = answers(500, 200)
    expect((await fetchWithRetry('/api/x', { method: 'POST' }, { fetch, sleep: async () => {} })).status).toBe(500)
    const lost = answers('network', 200)
    await expect(fetchWithRetry('/api/x', { method: 'POST' }, { fetch: lost, sleep: async () => {} })).rejects.toThrow()
    const marked = answers('network', 200)
    expect((await fetchWithRetry('/api/x', { method: 'POST' }, { fetch: marked, sleep: async () => {}, idempotent: true })).status).toBe(200)
  })

  it('ends at once when aborted during a wait', async () => {
    const controller = new AbortController()
    const fetch = answers(503, 200)
    const pending = fetchWithRetry('/api/chats.php', { signal: controller.signal }, { fetch, random: mid })
    setTimeout(() => controller.abort(), 10)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('waits for real between attempts by default', async () => {
    vi.useFakeTimers()
    try {
      const fetch = answers(503, 200)
      const pending = fetchWithRetry('/api/chats.php', {}, { fetch, random: mid })
      await vi.advanceTimersByTimeAsync(999)
      expect(fetch).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      expect((await pending).status).toBe(200)
      expect(fetch).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
