import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { catalogs, type Messages } from './catalogs.server'
import { clientMessages, messageScope, type MessageScope } from './client-messages'
import type { Locale } from './locales'
import { provideMessages } from './message-store'

/**
 * The messages a page needs, as a script the browser loads once and caches (issue 14): kept out of the page data,
 * so no document request encodes the catalog again, and a browser fetches it once per locale and part of the site.
 * Its address carries a hash of its content, so a changed catalog is a new address.
 */
export interface MessageBundle {
  url: string
  /** As the server renders with them: ICU strings. */
  messages: Messages
  /** The script: it puts the messages, already parsed, into `self.__i18n[url]` (app/i18n/message-store.ts). */
  body: string
  /** The script compressed with Brotli at its best quality, made once, on the first request that accepts it. */
  brotli: () => Promise<Buffer>
}

/** A path of each part of the site, to make its bundle from an address alone. */
const scopePaths: Record<MessageScope, string> = { console: '/admin', lander: '/landers/', visitor: '/', member: '/members', site: '/profile' }

const brotliCompress = promisify(zlib.brotliCompress)

const byKey = new Map<string, MessageBundle>()
const byUrl = new Map<string, MessageBundle>()

/**
 * The browser gets each message parsed (formatjs's syntax tree), so its build leaves out react-intl's parser
 * (vite.config.ts, issue 26: 6.5 KB of the page's scripts for about 1 KB more in each bundle). The server keeps the
 * strings: it has the parser, and its formatter cache parses each message once per process.
 */
export function compileMessages(messages: Messages): Record<string, MessageFormatElement[]> {
  const out: Record<string, MessageFormatElement[]> = {}
  for (const key in messages) out[key] = parse(messages[key])
  return out
}

export function messageBundle(locale: Locale, pathname: string): MessageBundle {
  const scope: MessageScope = messageScope(pathname)
  const key = `${locale}-${scope}`
  let bundle = byKey.get(key)
  if (!bundle) {
    const messages = clientMessages(catalogs[locale], pathname)
    const json = JSON.stringify(compileMessages(messages))
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 12)
    const url = `/i18n/${key}-${hash}.js`
    // JSON.parse of a string literal is faster for the browser than an object literal of this size.
    const body = `(self.__i18n||(self.__i18n={}))[${JSON.stringify(url)}]=JSON.parse(${JSON.stringify(json)});\n`
    // The compression middleware's Brotli (quality 4, fit for pages made per request) sent the site's 17.0 KB;
    // quality 11 sends 15.2 KB. It takes 100–300 ms a bundle: on libuv's threads, not the event loop.
    let compressed: Promise<Buffer> | undefined
    const brotli = () =>
      (compressed ??= brotliCompress(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
      }))
    bundle = { url, messages, body, brotli }
    byKey.set(key, bundle)
    byUrl.set(url, bundle)
    // Server rendering reads them from the same store as the browser does.
    provideMessages(url, messages)
  }
  return bundle
}

/** The bundle behind an address, if it is one of ours (GET /i18n/:file). */
export function messageBundleAt(url: string): MessageBundle | undefined {
  if (!byUrl.has(url)) {
    // A process that has not rendered a page of this bundle yet (another instance served the page) still knows it.
    const m = /^\/i18n\/([a-z]{2})-(console|lander|visitor|member|site)-[\w-]{12}\.js$/.exec(url)
    if (m && m[1] in catalogs) messageBundle(m[1] as Locale, scopePaths[m[2] as MessageScope])
  }
  return byUrl.get(url)
}
