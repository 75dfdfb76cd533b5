import vm from 'node:vm'
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { catalogs } from './catalogs.server'
import { messageBundle, messageBundleAt } from './message-bundles.server'
import { locales } from './locales'
import { intlFor, messagesAt } from './message-store'

/** A value for every argument of a message: a number where it is counted, a date where dated, tags as wrappers. */
type Values = Record<string, string | number | Date | ((chunks: unknown[]) => string)>

function valuesFor(elements: MessageFormatElement[], out: Values = {}): Values {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.select) out[e.value] ??= 'x'
    if (e.type === TYPE.number || e.type === TYPE.plural) out[e.value] = 2
    if (e.type === TYPE.date || e.type === TYPE.time) out[e.value] = new Date(0)
    if (e.type === TYPE.tag) out[e.value] = (chunks: unknown[]) => `<${chunks.join('')}>`
    if (e.type === TYPE.tag) valuesFor(e.children, out)
    if (e.type === TYPE.select || e.type === TYPE.plural) for (const o of Object.values(e.options)) valuesFor(o.value, out)
  }
  return out
}

describe('message bundles', () => {
  it('give each locale and part of the site one address, named by its content', () => {
    const a = messageBundle('de', '/profile')
    expect(a.url).toMatch(/^\/i18n\/de-site-[\w-]{12}\.js$/)
    expect(messageBundle('de', '/credits').url).toBe(a.url)
    expect(messageBundle('de', '/members').url).toMatch(/^\/i18n\/de-member-[\w-]{12}\.js$/)
    expect(messageBundle('de', '/chats/3').url).toBe(messageBundle('de', '/members').url)
    expect(messageBundle('de', '/admin/reports').url).toMatch(/^\/i18n\/de-console-/)
    expect(messageBundle('fr', '/profile').url).not.toBe(a.url)
    expect(a.messages['nav.search']).toBe(catalogs.de['nav.search'])
  })

  it('are scripts that hand the browser the messages the server renders with, parsed, which format the same', () => {
    const b = messageBundle('nl', '/landers/video')
    const self: { __i18n?: Record<string, Record<string, MessageFormatElement[]>> } = {}
    vm.runInNewContext(b.body, { self, JSON })
    const shipped = self.__i18n?.[b.url] ?? {}
    expect(Object.keys(shipped)).toEqual(Object.keys(b.messages))
    expect(messagesAt(b.url)).toBe(b.messages)
    expect(Object.keys(b.messages).some((k) => k.startsWith('lander.'))).toBe(true)
    // Formatted from the syntax trees, every message of every locale reads as it does from the strings on the server.
    for (const locale of locales)
      for (const path of ['/', '/members', '/landers/video', '/admin']) {
        const bundle = messageBundle(locale, path)
        const sandbox: typeof self = {}
        vm.runInNewContext(bundle.body, { self: sandbox, JSON })
        const parsed = sandbox.__i18n?.[bundle.url] ?? {}
        const browser = createIntl({ locale, messages: parsed })
        const server = createIntl({ locale, messages: bundle.messages })
        for (const id of Object.keys(bundle.messages)) {
          expect(Array.isArray(parsed[id]), id).toBe(true)
          const values = valuesFor(parsed[id])
          expect(browser.formatMessage({ id }, values), `${locale} ${id}`).toEqual(server.formatMessage({ id }, values))
        }
      }
  })

  it('are found by address, also before this process rendered a page with them; other addresses are not', () => {
    const url = messageBundle('sv', '/').url
    expect(messageBundleAt(url)?.url).toBe(url)
    const member = messageBundle('sv', '/likes').url
    expect(messageBundleAt(member)?.url).toBe(member)
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
