import { afterEach, describe, expect, it, vi } from 'vitest'
import { claimFirstShowThisSession } from './engagement'

function fakeSessionStorage() {
  const items = new Map<string, string>()
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  })
  return items
}

afterEach(() => vi.unstubAllGlobals())

describe('claimFirstShowThisSession', () => {
  it('gives a prompt to the first page that asks, again to that page, and to no other page of the session', () => {
    const items = fakeSessionStorage()
    expect(claimFirstShowThisSession('pushAlertShownOn', '/members')).toBe(true)
    expect(items.get('pushAlertShownOn')).toBe('/members')
    expect(claimFirstShowThisSession('pushAlertShownOn', '/members')).toBe(true)
    expect(claimFirstShowThisSession('pushAlertShownOn', '/likes')).toBe(false)
    expect(claimFirstShowThisSession('photoAlertShownOn', '/likes')).toBe(true)
  })

  it('shows the prompt where the browser keeps no session storage', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('storage off')
      },
    })
    expect(claimFirstShowThisSession('pushAlertShownOn', '/members')).toBe(true)
  })
})
