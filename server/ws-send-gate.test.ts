import { describe, expect, it } from 'vitest'
import { createSendGate } from './ws-send-gate.server'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the send gate', () => {
  it('runs at most `concurrency` sends at once, queues up to `maxQueued` more in order, and admits no more', async () => {
    const gate = createSendGate({ concurrency: 2, maxQueued: 2, random: () => 0 })
    const started: number[] = []
    const blockers = [0, 1, 2, 3].map(() => deferred())
    const admissions = [0, 1, 2, 3].map(() => gate.admit())
    expect(admissions.every(Boolean)).toBe(true)
    expect(gate.admit()).toBeNull()
    const runs = admissions.map((a, i) =>
      a!.run(async () => {
        started.push(i)
        await blockers[i].promise
        return i
      }),
    )
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual([0, 1])
    expect(gate.running).toBe(2)
    expect(gate.saturated).toBe(true)
    blockers[1].resolve()
    await runs[1]
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual([0, 1, 2])
    // One left the gate: one more may come in.
    expect(gate.admitted).toBe(3)
    const again = gate.admit()
    expect(again).not.toBeNull()
    for (const b of blockers) b.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    await again!.run(async () => 4)
    expect([gate.admitted, gate.running, gate.saturated]).toEqual([0, 0, false])
  })

  it('frees the slot when a send fails', async () => {
    const gate = createSendGate({ concurrency: 1, maxQueued: 0 })
    const a = gate.admit()!
    expect(gate.admit()).toBeNull()
    await expect(a.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(gate.admit()).not.toBeNull()
  })

  it('tells a client to wait about as long as the queue takes to drain, within bounds, with jitter', () => {
    const gate = createSendGate({ concurrency: 1, maxQueued: 1000, random: () => 0.5 })
    expect(gate.retryAfterMs()).toBe(150) // the minimum 100 ms, jittered by half
    for (let i = 0; i < 1000; i++) gate.admit()
    // 1,000 sends at the first guess of 5 ms each on one connection: 5 s, capped at 3 s.
    expect(gate.retryAfterMs()).toBe(4500)
  })
})
