import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { catalogs } from './catalogs.server'
import { messageBundle, messageBundleAt } from './message-bundles.server'
import { intlFor, messagesAt } from './message-store'

describe('message bundles', () => {
  it('give each locale and part of the site one address, named by its content', () => {
    const a = messageBundle('de', '/members')
    expect(a.url).toMatch(/^\/i18n\/de-site-[\w-]{12}\.js$/)
    expect(messageBundle('de', '/chats/3').url).toBe(a.url)
    expect(messageBundle('de', '/admin/reports').url).toMatch(/^\/i18n\/de-console-/)
    expect(messageBundle('fr', '/members').url).not.toBe(a.url)
    expect(a.messages['nav.search']).toBe(catalogs.de['nav.search'])
  })

  it('are scripts that hand the browser exactly the messages the server renders with', () => {
    const b = messageBundle('nl', '/landers/video')
    const self: { __i18n?: Record<string, Record<string, string>> } = {}
    vm.runInNewContext(b.body, { self, JSON })
    expect(self.__i18n?.[b.url]).toEqual(b.messages)
    expect(messagesAt(b.url)).toBe(b.messages)
    expect(Object.keys(b.messages).some((k) => k.startsWith('lander.'))).toBe(true)
  })

  it('are found by address, also before this process rendered a page with them; other addresses are not', () => {
    const url = messageBundle('sv', '/').url
    expect(messageBundleAt(url)?.url).toBe(url)
    expect(messageBundleAt('/i18n/sv-site-AAAAAAAAAAAA.js')).toBeUndefined()
    expect(messageBundleAt('/i18n/xx-site-AAAAAAAAAAAA.js')).toBeUndefined()
    expect(messageBundleAt('/i18n/../../etc/passwd')).toBeUndefined()
  })

  it('format with one cached formatter set per locale and bundle', () => {
    const url = messageBundle('fi', '/').url
    const intl = intlFor('fi', url)
    expect(intlFor('fi', url)).toBe(intl)
    expect(intl.formatMessage({ id: 'nav.search' })).toBe(catalogs.fi['nav.search'])
    // Without a bundle (the root loader failed) only the English fallback texts are there.
    expect(intlFor('fi', undefined).formatMessage({ id: 'error.home' })).toBe(catalogs.en['error.home'])
  })
})
