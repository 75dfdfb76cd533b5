import { describe, expect, it } from 'vitest'
import { createSendHold } from './send-hold'

function fakeClock() {
  let t = 1_000
  let next = 1
  const timers = new Map<number, { at: number; f: () => void }>()
  return {
    now: () => t,
    setTimeout: (f: () => void, ms: number) => (timers.set(next, { at: t + ms, f }), next++),
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      t += ms
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at))
        if (timer.at <= t) {
          timers.delete(id)
          timer.f()
        }
    },
    pending: () => timers.size,
  }
}

describe('holding sends while the server asks to slow down', () => {
  it('sends nothing is held for; holds what was refused and what is written meanwhile, then resends them in order', () => {
    const clock = fakeClock()
    const resent: string[] = []
    const hold = createSendHold((id) => resent.push(id), clock)
    expect(hold.holds('a')).toBe(false)

    hold.slowDown('b', 300)
    expect(hold.holds('c')).toBe(true)
    hold.slowDown('d', 100) // a frame already on its way when the wait began: resent after it, not earlier
    clock.advance(299)
    expect(resent).toEqual([])
    clock.advance(1)
    expect(resent).toEqual(['b', 'c', 'd'])
    expect(hold.holds('e')).toBe(false)
  })

  it('a later, longer wait postpones the resend; a message is resent once however often it is refused', () => {
    const clock = fakeClock()
    const resent: string[] = []
    const hold = createSendHold((id) => resent.push(id), clock)
    hold.slowDown('a', 100)
    clock.advance(50)
    hold.slowDown('a', 500)
    clock.advance(100)
    expect(resent).toEqual([])
    clock.advance(450)
    expect(resent).toEqual(['a'])
    expect(clock.pending()).toBe(0)
  })

  it('dispose drops the timer and what is held', () => {
    const clock = fakeClock()
    const resent: string[] = []
    const hold = createSendHold((id) => resent.push(id), clock)
    hold.slowDown('a', 100)
    hold.dispose()
    clock.advance(1_000)
    expect(resent).toEqual([])
    expect(clock.pending()).toBe(0)
  })
})
