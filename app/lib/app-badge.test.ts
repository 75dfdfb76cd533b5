import { describe, expect, it, vi } from 'vitest'
import { showAppBadge } from './app-badge'

describe('showAppBadge', () => {
  it('sets the badge to the count above 0', () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) }
    showAppBadge(4, nav)
    expect(nav.setAppBadge).toHaveBeenCalledWith(4)
    expect(nav.clearAppBadge).not.toHaveBeenCalled()
  })
  it('clears the badge at 0', () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) }
    showAppBadge(0, nav)
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1)
    expect(nav.setAppBadge).not.toHaveBeenCalled()
  })
  it('calls the API on the navigator (it throws an Illegal invocation otherwise)', () => {
    const nav = {
      setAppBadge(this: unknown) {
        if (this !== nav) throw new TypeError('Illegal invocation')
        return Promise.resolve()
      },
    }
    expect(() => showAppBadge(1, nav)).not.toThrow()
  })
  it('ignores browsers without the API and every failure', async () => {
    expect(() => showAppBadge(3, {})).not.toThrow()
    expect(() => showAppBadge(3, undefined)).not.toThrow()
    const throwing = {
      setAppBadge: () => {
        throw new DOMException('no', 'SecurityError')
      },
    }
    expect(() => showAppBadge(3, throwing)).not.toThrow()
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    showAppBadge(3, { setAppBadge: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) })
    await new Promise((r) => setTimeout(r, 10))
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })
})
