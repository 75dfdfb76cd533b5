import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl, createIntlCache, type IntlShape } from 'react-intl'
import { fallbackMessages } from './fallback-messages'

/** ICU strings on the server; in the browser, parsed by the server (app/i18n/message-bundles.server.ts). */
type Messages = Record<string, string> | Record<string, MessageFormatElement[]>
type Store = Record<string, Messages>

/**
 * Messages by bundle address (app/i18n/message-bundles.server.ts). In the browser the bundle's script fills
 * `self.__i18n` before the app starts; on the server the bundle registers itself when it is made.
 */
const store: Store = typeof window === 'undefined' ? {} : ((window as unknown as { __i18n?: Store }).__i18n ??= {})

export function provideMessages(url: string, messages: Messages) {
  store[url] = messages
}

export function messagesAt(url: string | undefined): Messages | undefined {
  return url ? store[url] : undefined
}

/** The id of the page's bundle script (app/root.tsx), which the browser entry checks before hydrating. */
export const MESSAGE_BUNDLE_SCRIPT_ID = 'i18n-bundle'

/**
 * Resolves once the messages the server rendered the page with are in the store. Deferred scripts run before the
 * app's modules, but should that script have failed or not run yet, hydrating without the messages would replace
 * every text with its message id: it is loaded again first.
 */
export function pageMessagesReady(doc: Document): Promise<void> {
  const src = doc.getElementById(MESSAGE_BUNDLE_SCRIPT_ID)?.getAttribute('src')
  return src ? loadMessages(src).catch(() => {}) : Promise.resolve()
}

// Bundles on their way: a second caller while one loads (the root's loader revalidating while the page's own retry
// is still loading, seen on a busy machine) waits for the same script instead of fetching the bundle again.
const loading = new Map<string, Promise<void>>()

/** Loads a bundle in the browser (a navigation into another part of the site needs its messages first). */
export function loadMessages(url: string): Promise<void> {
  if (store[url]) return Promise.resolve()
  let pending = loading.get(url)
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = url
      script.onload = () => (store[url] ? resolve() : reject(new Error(`messages missing in ${url}`)))
      script.onerror = () => reject(new Error(`could not load ${url}`))
      document.head.append(script)
    }).finally(() => loading.delete(url))
    loading.set(url, pending)
  }
  return pending
}

// One formatter set per locale and bundle for the life of the process or page: react-intl's IntlProvider makes a
// new cache per render, so every server render parsed each message again (issue 14, docs/performance.md).
const cache = createIntlCache()
const intls = new Map<string, IntlShape>()

export function intlFor(locale: string, url: string | undefined): IntlShape {
  const messages = messagesAt(url)
  const key = messages ? `${locale} ${url}` : `${locale} fallback`
  let intl = intls.get(key)
  if (!intl) {
    intl = createIntl({ locale, messages: messages ?? fallbackMessages, defaultLocale: 'en' }, cache)
    intls.set(key, intl)
  }
  return intl
}

/** A message of a bundle, formatted; undefined where the bundle has no such id, the id where formatting fails. */
export function messageText(locale: string, url: string | undefined, id: string, values?: Record<string, string | number>): string | undefined {
  if (messagesAt(url)?.[id] === undefined) return undefined
  try {
    return intlFor(locale, url).formatMessage({ id }, values)
  } catch {
    // A title or a head tag falls back to the id rather than fail the page.
    return id
  }
}
