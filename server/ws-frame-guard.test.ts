import { describe, expect, it } from 'vitest'
import { createFrameGuard } from './ws-frame-guard.server'

describe('the WebSocket frame guard', () => {
  it('closes on a binary frame with 1003', () => {
    expect(createFrameGuard(() => 0).check(true)).toEqual({ kind: 'close', closeCode: 1003, reason: expect.any(String) })
  })

  it('allows a burst of 20, refuses beyond it, and refills at 5 per second', () => {
    let t = 0
    const guard = createFrameGuard(() => t)
    for (let i = 0; i < 20; i++) expect(guard.check(false).kind).toBe('accept')
    expect(guard.check(false)).toEqual({ kind: 'refuse', code: 'rate_limited' })
    t += 1000
    for (let i = 0; i < 5; i++) expect(guard.check(false).kind).toBe('accept')
    expect(guard.check(false).kind).toBe('refuse')
  })

  it('closes a flood with 1008 once 40 frames in a row were refused, but forgives a member who slows down', () => {
    let t = 0
    const guard = createFrameGuard(() => t)
    for (let i = 0; i < 20; i++) guard.check(false)
    for (let i = 0; i < 40; i++) expect(guard.check(false).kind).toBe('refuse')
    t += 400 // two tokens back: the count of refusals in a row starts again
    expect(guard.check(false).kind).toBe('accept')
    for (let i = 0; i < 41; i++) guard.check(false)
    const flood = createFrameGuard(() => 0)
    const verdicts = Array.from({ length: 10_000 }, () => flood.check(false))
    expect(verdicts.filter((v) => v.kind === 'accept')).toHaveLength(20)
    expect(verdicts[59].kind).toBe('refuse')
    expect(verdicts[60]).toEqual({ kind: 'close', closeCode: 1008, reason: 'too many frames' })
  })
})
