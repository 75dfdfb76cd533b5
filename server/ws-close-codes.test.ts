import { describe, expect, it } from 'vitest'
import { afterClose } from '#app/features/chat/components/socket-reconnect'
import { CLOSE } from './ws-close-codes'

describe('afterClose: the client understands every code the hub closes with', () => {
  it.each([
    [CLOSE.sessionEnded, 'stop'],
    [CLOSE.tooManySockets, 'when-visible'],
    [CLOSE.serviceRestart, 'soon'],
    [CLOSE.goingAway, 'soon'],
    [CLOSE.tryAgainLater, 'backoff'],
    [CLOSE.policyViolation, 'backoff'],
    [1006, 'backoff'],
  ])('%i: %s', (code, expected) => {
    expect(afterClose(code)).toBe(expected)
  })
})
