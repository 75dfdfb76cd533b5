import { describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY, claimChunkReload, installChunkReloadGuard, isChunkLoadError } from './chunk-reload'

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}

describe('claimChunkReload', () => {
  it('allows the first reload and remembers its time', () => {
    const store = memoryStore()
    expect(claimChunkReload(store, 1_000_000)).toBe(true)
    expect(store.data.get(CHUNK_RELOAD_KEY)).toBe('1000000')
  })
  it('refuses another reload within 60 s, allows one after', () => {
    const store = memoryStore()
    expect(claimChunkReload(store, 1_000_000)).toBe(true)
    expect(claimChunkReload(store, 1_000_000 + 59_999)).toBe(false)
    expect(claimChunkReload(store, 1_000_000 + 60_000)).toBe(true)
    expect(claimChunkReload(store, 1_000_000 + 60_001)).toBe(false)
  })
  it('treats a garbled or future time as no earlier reload', () => {
    expect(claimChunkReload(memoryStore({ [CHUNK_RELOAD_KEY]: 'x' }), 5_000_000)).toBe(true)
    expect(claimChunkReload(memoryStore({ [CHUNK_RELOAD_KEY]: '9000000' }), 5_000_000)).toBe(true)
  })
  it('does not reload without a working store (no loop it could not stop)', () => {
    expect(claimChunkReload(null, 1)).toBe(false)
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(claimChunkReload(broken, 1)).toBe(false)
  })
})

describe('isChunkLoadError', () => {
  it('knows the wording of Chromium, Firefox, Safari and Vite', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true)
  })
  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })
})

function fakeWindow(store = memoryStore()) {
  const target = new EventTarget()
  return {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    sessionStorage: store,
    location: { reload: vi.fn() },
  }
}

function rejection(reason: unknown): Event {
  const ev = new Event('unhandledrejection', { cancelable: true })
  return Object.assign(ev, { reason })
}

describe('installChunkReloadGuard', () => {
  it('reloads once on vite:preloadError and cancels the event, then not again within 60 s', () => {
    const win = fakeWindow()
    let t = 10_000_000
    const stop = installChunkReloadGuard(win, () => t)
    const first = new Event('vite:preloadError', { cancelable: true })
    win.dispatchEvent(first)
    expect(win.location.reload).toHaveBeenCalledTimes(1)
    expect(first.defaultPrevented).toBe(true)
    t += 30_000
    const second = new Event('vite:preloadError', { cancelable: true })
    win.dispatchEvent(second)
    expect(win.location.reload).toHaveBeenCalledTimes(1)
    // Not reloading: the error takes its normal course.
    expect(second.defaultPrevented).toBe(false)
    t += 30_000
    win.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    expect(win.location.reload).toHaveBeenCalledTimes(2)
    stop()
  })

  it('reloads on an unhandled failed dynamic import, not on other rejections', () => {
    const win = fakeWindow()
    const stop = installChunkReloadGuard(win, () => 1_000_000)
    win.dispatchEvent(rejection(new Error('boom')))
    expect(win.location.reload).not.toHaveBeenCalled()
    win.dispatchEvent(rejection(new TypeError('Failed to fetch dynamically imported module: /assets/chats-abc.js')))
    expect(win.location.reload).toHaveBeenCalledTimes(1)
    stop()
  })

  it('shares the guard with the next page load through the store', () => {
    const store = memoryStore()
    const before = fakeWindow(store)
    installChunkReloadGuard(before, () => 2_000_000)
    before.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    // The reloaded page fails again at once: no second reload.
    const after = fakeWindow(store)
    installChunkReloadGuard(after, () => 2_000_500)
    after.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    expect(before.location.reload).toHaveBeenCalledTimes(1)
    expect(after.location.reload).not.toHaveBeenCalled()
  })

  it('stops listening', () => {
    const win = fakeWindow()
    installChunkReloadGuard(win)()
    win.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))
    expect(win.location.reload).not.toHaveBeenCalled()
  })
})
