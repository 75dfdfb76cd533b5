import { afterEach, describe, expect, it, vi } from 'vitest'

// loadMessages in a browser-like global: each appended script is kept, to be "loaded" or "failed" by the test.
type FakeScript = { src: string; onload?: () => void; onerror?: () => void }
const appended: FakeScript[] = []
function fakeDocument() {
  appended.length = 0
  vi.stubGlobal('window', { __i18n: {} })
  vi.stubGlobal('document', { createElement: () => ({ src: '' }), head: { append: (s: FakeScript) => appended.push(s) } })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

describe('loading a message bundle in the browser', () => {
  it('fetches a bundle once while it loads, however many wait for it; a failed load may be tried again', async () => {
    fakeDocument()
    const { loadMessages } = await import('./message-store')
    const first = loadMessages('/i18n/en-site-x.js')
    const second = loadMessages('/i18n/en-site-x.js')
    expect(appended).toHaveLength(1)
    appended[0].onerror!()
    await expect(first).rejects.toThrow('could not load')
    await expect(second).rejects.toThrow('could not load')
    const retry = loadMessages('/i18n/en-site-x.js')
    expect(appended).toHaveLength(2)
    ;(window as unknown as { __i18n: Record<string, unknown> }).__i18n['/i18n/en-site-x.js'] = { hello: 'Hello' }
    appended[1].onload!()
    await expect(retry).resolves.toBeUndefined()
    await expect(loadMessages('/i18n/en-site-x.js')).resolves.toBeUndefined()
    expect(appended).toHaveLength(2)
  })
})
