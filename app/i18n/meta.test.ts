import { describe, expect, it } from 'vitest'
import { catalogs } from './catalogs.server'
import { messageBundle } from './message-bundles.server'
import { pageTitle } from './meta'

describe('pageTitle', () => {
  it('translates from the root’s message bundle and adds the site name', () => {
    const root = { id: 'root', data: { locale: 'de', messagesUrl: messageBundle('de', '/chats').url, site: { name: 'Amoura' } } }
    expect(pageTitle([root], 'chats.title')).toEqual({ title: `${catalogs.de['chats.title']} | Amoura` })
    expect(catalogs.de['chats.title']).not.toBe('chats.title')
  })

  it('shows the id itself only when the message is missing, and works without root data', () => {
    const root = { id: 'root', data: { locale: 'en', messagesUrl: messageBundle('en', '/').url, site: { name: 'Amoura' } } }
    expect(pageTitle([root], 'no.such.message')).toEqual({ title: 'no.such.message | Amoura' })
    expect(pageTitle([], 'chats.title')).toEqual({ title: 'chats.title' })
  })
})
