import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { POLL_EVERY_MS, POLL_EVERY_PUSH_MS, POLL_FIRST_MS, pollDelay, startPolling } from './polling'

describe('pollDelay', () => {
  it('waits 5 s before the first refetch, push or not', () => {
    expect(pollDelay(0, false)).toBe(5_000)
    expect(pollDelay(0, true)).toBe(5_000)
  })
  it('then every 60 s, or every 300 s with a push subscription', () => {
    expect(pollDelay(1, false)).toBe(60_000)
    expect(pollDelay(7, false)).toBe(60_000)
    expect(pollDelay(1, true)).toBe(300_000)
  })
  it('matches the constants of spec section 9', () => {
    expect([POLL_FIRST_MS, POLL_EVERY_MS, POLL_EVERY_PUSH_MS]).toEqual([5_000, 60_000, 300_000])
  })
})

describe('startPolling', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('refetches after 5 s, then every 60 s', async () => {
    const run = vi.fn()
    const stop = startPolling({ run })
    await vi.advanceTimersByTimeAsync(4_999)
    expect(run).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(59_999)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(run).toHaveBeenCalledTimes(4)
    stop()
  })

  it('refetches every 300 s when push is subscribed', async () => {
    const run = vi.fn()
    const stop = startPolling({ run, pushSubscribed: () => true })
    await vi.advanceTimersByTimeAsync(5_000)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(299_999)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(2)
    stop()
  })

  it('asks for the push state before each wait', async () => {
    let push = false
    const run = vi.fn()
    const stop = startPolling({ run, pushSubscribed: () => push })
    await vi.advanceTimersByTimeAsync(5_000)
    push = true
    await vi.advanceTimersByTimeAsync(60_000)
    // The wait after the first refetch was already 60 s; the next one is 300 s.
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(240_000)
    expect(run).toHaveBeenCalledTimes(3)
    stop()
  })

  it('keeps going after a failed refetch and waits for a slow one', async () => {
    let release!: () => void
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise<void>((r) => (release = r)))
      .mockResolvedValue(undefined)
    const stop = startPolling({ run })
    await vi.advanceTimersByTimeAsync(5_000 + 60_000)
    expect(run).toHaveBeenCalledTimes(2)
    // The second refetch hangs: no third one is scheduled meanwhile.
    await vi.advanceTimersByTimeAsync(120_000)
    expect(run).toHaveBeenCalledTimes(2)
    release()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(run).toHaveBeenCalledTimes(3)
    stop()
  })

  it('stops, also while a refetch is under way', async () => {
    let release!: () => void
    const run = vi.fn(() => new Promise<void>((r) => (release = r)))
    const stop = startPolling({ run })
    await vi.advanceTimersByTimeAsync(5_000)
    stop()
    release()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(run).toHaveBeenCalledTimes(1)

    const run2 = vi.fn()
    const stop2 = startPolling({ run: run2 })
    stop2()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(run2).not.toHaveBeenCalled()
  })
})
