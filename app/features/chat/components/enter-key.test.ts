import { describe, expect, it } from 'vitest'
import { enterKeyAction } from './enter-key'

const key = (k: string, shiftKey = false, isComposing = false) => ({ key: k, shiftKey, isComposing })

describe('what Enter does in the message box', () => {
  it('sends on Enter and breaks the line on Shift+Enter when Enter sends', () => {
    expect(enterKeyAction(key('Enter'), true)).toBe('send')
    expect(enterKeyAction(key('Enter', true), true)).toBe('type')
  })

  it('breaks the line on Enter when the member chose that Enter does not send (the phone default)', () => {
    expect(enterKeyAction(key('Enter'), false)).toBe('type')
  })

  it('never sends while an input method is composing, nor on other keys', () => {
    expect(enterKeyAction(key('Enter', false, true), true)).toBe('type')
    expect(enterKeyAction(key('a'), true)).toBe('type')
  })
})
