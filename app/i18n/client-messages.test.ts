import { describe, expect, it } from 'vitest'
import { catalogs } from './catalogs.server'
import { clientMessages, messageScope } from './client-messages'

describe('the messages a page sends to the browser', () => {
  it('knows the part of the site of a path', () => {
    expect(messageScope('/admin')).toBe('console')
    expect(messageScope('/admin/photos')).toBe('console')
    expect(messageScope('/administrator')).toBe('site')
    expect(messageScope('/landers/gallery/men')).toBe('lander')
    expect(messageScope('/members/12/landing2/x')).toBe('lander')
    expect(messageScope('/members/12/signup')).toBe('lander')
    expect(messageScope('/members/12')).toBe('site')
    expect(messageScope('/members/12/chat')).toBe('site')
  })

  it('keeps console and lander texts to their pages and e-mail texts on the server', () => {
    const en = catalogs.en
    const site = clientMessages(en, '/members')
    expect(site['nav.search']).toBe(en['nav.search'])
    expect(Object.keys(site).some((k) => k.startsWith('admin.') || k.startsWith('lander.') || k.startsWith('email.'))).toBe(false)
    const console = clientMessages(en, '/admin/reports')
    expect(console['admin.nav.reports']).toBe(en['admin.nav.reports'])
    expect(console['field.email']).toBe(en['field.email'])
    expect(Object.keys(console).some((k) => k.startsWith('lander.'))).toBe(false)
    const lander = clientMessages(en, '/landers/video')
    expect(Object.keys(lander).some((k) => k.startsWith('lander.'))).toBe(true)
    expect(Object.keys(lander).some((k) => k.startsWith('admin.'))).toBe(false)
    // A member's page carries well under the whole catalog.
    expect(JSON.stringify(site).length).toBeLessThan(JSON.stringify(en).length * 0.7)
  })
})

describe('filtering the catalog', () => {
  it('happens once per catalog and part of the site', () => {
    const a = clientMessages(catalogs.de, '/members')
    expect(clientMessages(catalogs.de, '/chats')).toBe(a)
    expect(clientMessages(catalogs.de, '/admin')).not.toBe(a)
    expect(clientMessages(catalogs.fr, '/members')).not.toBe(a)
  })
})
