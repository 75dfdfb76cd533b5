import { describe, expect, it } from 'vitest'
import { alternates, canonicalUrl, disallowedPaths, domainOrigin, indexablePaths, isIndexable, ogLocale, robotsTxt, sitemapXml, xmlEscape } from './seo'

const locales = ['en', 'nl', 'de'] as const
const publicUrl = 'https://amoura.test'

describe('canonicalUrl', () => {
  it('is PUBLIC_URL plus the path, without query or trailing slash', () => {
    expect(canonicalUrl({ publicUrl, pathname: '/pricing' })).toBe('https://amoura.test/pricing')
    expect(canonicalUrl({ publicUrl: 'https://amoura.test/', pathname: '/pricing/' })).toBe('https://amoura.test/pricing')
    expect(canonicalUrl({ publicUrl, pathname: '/' })).toBe('https://amoura.test/')
  })
  it('is the locale’s own domain when locale_domains maps it', () => {
    expect(canonicalUrl({ publicUrl, pathname: '/login', locale: 'nl', localeDomains: { nl: 'amoura.nl' } })).toBe('https://amoura.nl/login')
    expect(canonicalUrl({ publicUrl, pathname: '/login', locale: 'de', localeDomains: { nl: 'amoura.nl' } })).toBe('https://amoura.test/login')
  })
})

describe('alternates', () => {
  it('are none when locale_domains is empty (one address, language by cookie)', () => {
    expect(alternates({ publicUrl, pathname: '/', localeDomains: {} }, locales)).toEqual([])
    expect(alternates({ publicUrl, pathname: '/', localeDomains: null }, locales)).toEqual([])
  })
  it('list each mapped locale in locale order, then x-default on PUBLIC_URL; unknown locales and blanks are skipped', () => {
    const got = alternates(
      { publicUrl, pathname: '/pages/faq', localeDomains: { de: 'http://amoura.de/', nl: 'amoura.nl', xx: 'amoura.xx', en: ' ' } },
      locales,
    )
    expect(got).toEqual([
      { hreflang: 'nl', href: 'https://amoura.nl/pages/faq' },
      { hreflang: 'de', href: 'http://amoura.de/pages/faq' },
      { hreflang: 'x-default', href: 'https://amoura.test/pages/faq' },
    ])
  })
  it('domainOrigin takes PUBLIC_URL’s protocol for a bare host', () => {
    expect(domainOrigin('amoura.nl', 'http://localhost:3000')).toBe('http://amoura.nl')
  })
})

describe('isIndexable', () => {
  it('allows the public pages, logged out only', () => {
    for (const p of indexablePaths) expect(isIndexable(p)).toBe(true)
    expect(isIndexable('/pricing/')).toBe(true)
    expect(isIndexable('/pricing', true)).toBe(false)
  })
  it('never indexes member profiles or member areas', () => {
    for (const p of ['/members', '/members/12', '/members/12/chat', '/likes', '/chats/3', '/profile', '/credits', '/pages/other', '/nope'])
      expect(isIndexable(p)).toBe(false)
  })
})

describe('robotsTxt', () => {
  const txt = robotsTxt('https://amoura.test/')
  it('allows the site, disallows member areas and APIs, and names the sitemap by absolute URL', () => {
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/)
    for (const p of [
      '/members',
      '/chats',
      '/likes',
      '/credits',
      '/api/',
      '/profile',
      '/notifications',
      '/transactions',
      '/dev/',
      '/sandbox/',
      '/webhooks/',
      '/swipe-game',
      '/match-finder',
    ])
      expect(txt).toContain(`\nDisallow: ${p}\n`)
    expect(txt).toContain('\nSitemap: https://amoura.test/sitemap.xml\n')
  })
  it('disallows no public page', () => {
    for (const page of indexablePaths as readonly string[]) for (const d of disallowedPaths) expect(page.startsWith(d), `${d} blocks ${page}`).toBe(false)
  })
})

/** A small well-formedness check: balanced tags, quoted attributes, no raw `&` or `<` in text. */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  const stack: string[] = []
  const tag = /<(\/?)([\w:]+)((?:\s+[\w:]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>/g
  let last = 0
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    if (/[<>]|&(?!(amp|lt|gt|quot|apos);)/.test(body.slice(last, m.index))) return false
    last = tag.lastIndex
    if (m[4]) continue
    if (m[1]) {
      if (stack.pop() !== m[2]) return false
    } else stack.push(m[2])
  }
  return stack.length === 0 && body.slice(last).trim() === ''
}

describe('sitemapXml', () => {
  it('lists each public page once on PUBLIC_URL when locale_domains is empty', () => {
    const xml = sitemapXml({ publicUrl, localeDomains: {} }, locales)
    expect(wellFormed(xml)).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(indexablePaths.map((p) => `https://amoura.test${p}`))
    expect(xml).not.toContain('xhtml:link')
    expect(xml).not.toContain('/members')
  })
  it('gives every locale address all alternates when locale_domains is set', () => {
    const xml = sitemapXml({ publicUrl, localeDomains: { nl: 'amoura.nl', de: 'amoura.de' }, paths: ['/pricing'] }, locales)
    expect(wellFormed(xml)).toBe(true)
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1])
    expect(urls.map((u) => /<loc>([^<]*)</.exec(u)![1])).toEqual(['https://amoura.nl/pricing', 'https://amoura.de/pricing', 'https://amoura.test/pricing'])
    for (const u of urls) {
      expect(u).toContain('<xhtml:link rel="alternate" hreflang="nl" href="https://amoura.nl/pricing"/>')
      expect(u).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://amoura.de/pricing"/>')
      expect(u).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://amoura.test/pricing"/>')
    }
  })
  it('escapes addresses', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;')
    const xml = sitemapXml({ publicUrl: 'https://x.test', localeDomains: { nl: 'https://x.nl' }, paths: ['/a&b'] }, locales)
    expect(xml).toContain('<loc>https://x.nl/a&amp;b</loc>')
    expect(wellFormed(xml)).toBe(true)
    expect(wellFormed('<a><b></a></b>')).toBe(false)
    expect(wellFormed('<a>x & y</a>')).toBe(false)
  })
})

describe('ogLocale', () => {
  it('uses domain_language’s territory when it names the locale, else a default', () => {
    expect(ogLocale('en', 'en-US')).toBe('en_US')
    expect(ogLocale('nl', 'en-GB')).toBe('nl_NL')
    expect(ogLocale('nb')).toBe('nb_NO')
  })
})
