/**
 * SEO rules of issue 12, pure so they can be tested without a server: which pages may be indexed, their canonical
 * and alternate (hreflang) addresses, robots.txt and sitemap.xml. Rendered by app/ui/seo-tags.tsx (head tags of
 * every page) and the resource routes app/routes/robots-txt.ts and app/routes/sitemap-xml.ts.
 * See docs/decisions/015-seo.md.
 */

/** The public pages worth indexing, in sitemap order. Everything else is `noindex` (member areas, flows, errors). */
export const indexablePaths = [
  '/',
  '/pricing',
  '/complaints',
  '/pages/terms',
  '/pages/privacy',
  '/pages/cookies',
  '/pages/ban',
  '/pages/return-policy',
  '/pages/faq',
  '/pages/service',
  '/landers/tinderswipe',
  '/landers/alonetonight',
  '/landers/collagelanding',
  '/landers/gallery',
  '/landers/iconslanding',
  '/landers/maplanding',
  '/landers/socialnetwork',
  '/landers/transitionsvideolanding',
  '/landers/video',
  '/signup',
  '/login',
] as const

/** Member areas, APIs and machinery crawlers have no business in (robots.txt `Disallow`). */
export const disallowedPaths = [
  '/members',
  '/likes',
  '/chats',
  '/credits',
  '/premium',
  '/profile',
  '/notifications',
  '/transactions',
  '/directdebit',
  '/swipe-game',
  '/match-finder',
  '/signup-matches',
  '/complete-signup',
  '/lang-config',
  '/activate',
  '/reset-password',
  '/mail-change',
  '/reactivate',
  '/account-deleted',
  '/unsubscribe',
  '/logout',
  '/photo/',
  '/api/',
  '/dev/',
  '/sandbox/',
  '/webhooks/',
] as const

/** `/pricing/` and `/pricing` are one page; the root stays `/`. */
export function normalizePath(pathname: string): string {
  const p = pathname.replace(/\/+$/, '')
  return p === '' ? '/' : p
}

/** Whether a page may be indexed: only the public pages above, and only when nobody is logged in (privacy). */
export function isIndexable(pathname: string, loggedIn = false): boolean {
  return !loggedIn && (indexablePaths as readonly string[]).includes(normalizePath(pathname))
}

/**
 * The origin of a locale domain (setting `locale_domains`: locale → domain). A bare host takes the protocol of
 * PUBLIC_URL; a value with a protocol is used as given.
 */
export function domainOrigin(domain: string, publicUrl: string): string {
  const d = domain.trim().replace(/\/+$/, '')
  if (/^https?:\/\//i.test(d)) return d
  return `${new URL(publicUrl).protocol}//${d}`
}

/** Locale domains that name a known locale and a non-empty domain, in the order of `locales`. */
function mappedDomains(localeDomains: Record<string, string> | null | undefined, locales: readonly string[]): [string, string][] {
  return locales.filter((l) => typeof localeDomains?.[l] === 'string' && localeDomains[l].trim() !== '').map((l) => [l, localeDomains![l]])
}

export interface UrlInput {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string
  pathname: string
  /** Setting `locale_domains` (locale → domain); empty: every language on PUBLIC_URL, chosen by cookie. */
  localeDomains?: Record<string, string> | null
  /** The page's locale: its own domain, when it has one, is the canonical address. */
  locale?: string
}

/**
 * The canonical address: PUBLIC_URL + path (never the query), or the locale's own domain when `locale_domains`
 * maps it, so the canonical URL is also the page's own hreflang alternate.
 */
export function canonicalUrl({ publicUrl, pathname, localeDomains, locale }: UrlInput): string {
  const own = locale ? localeDomains?.[locale]?.trim() : undefined
  const origin = own ? domainOrigin(own, publicUrl) : publicUrl.replace(/\/+$/, '')
  return origin + normalizePath(pathname)
}

export interface Alternate {
  hreflang: string
  href: string
}

/**
 * hreflang alternates: one per locale that `locale_domains` maps to a domain, plus `x-default` on PUBLIC_URL.
 * None when the map is empty: one address serves every language (by cookie), so there is nothing to point at.
 */
export function alternates({ publicUrl, pathname, localeDomains }: Omit<UrlInput, 'locale'>, locales: readonly string[]): Alternate[] {
  const mapped = mappedDomains(localeDomains, locales)
  if (mapped.length === 0) return []
  const path = normalizePath(pathname)
  return [
    ...mapped.map(([l, d]) => ({ hreflang: l, href: domainOrigin(d, publicUrl) + path })),
    { hreflang: 'x-default', href: publicUrl.replace(/\/+$/, '') + path },
  ]
}

const ogLocales: Record<string, string> = {
  en: 'en_GB',
  nl: 'nl_NL',
  de: 'de_DE',
  it: 'it_IT',
  fr: 'fr_FR',
  es: 'es_ES',
  pl: 'pl_PL',
  da: 'da_DK',
  fi: 'fi_FI',
  nb: 'nb_NO',
  sv: 'sv_SE',
}

/** Open Graph locale (language_TERRITORY); `domain_language` (e.g. en-US) names the territory when it matches. */
export function ogLocale(locale: string, domainLanguage?: string | null): string {
  const m = /^([a-z]{2})[-_]([a-z]{2})$/i.exec(domainLanguage ?? '')
  if (m && m[1].toLowerCase() === locale) return `${locale}_${m[2].toUpperCase()}`
  return ogLocales[locale] ?? locale
}

/** robots.txt: public pages allowed, member areas and APIs disallowed, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  return ['User-agent: *', 'Allow: /', ...disallowedPaths.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n')
}

/** XML text and attribute escaping (the five predefined entities). */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
}

/**
 * sitemap.xml of the indexable pages. With `locale_domains` set, one <url> per page and mapped locale, each with
 * every alternate (Google's rule: each URL lists all alternates, itself included), plus the x-default one;
 * without, each page once on PUBLIC_URL.
 */
export function sitemapXml(
  input: { publicUrl: string; localeDomains?: Record<string, string> | null; paths?: readonly string[] },
  locales: readonly string[],
): string {
  const { publicUrl, localeDomains } = input
  const paths = input.paths ?? indexablePaths
  const entries: string[] = []
  for (const pathname of paths) {
    const alts = alternates({ publicUrl, pathname, localeDomains }, locales)
    const locs = alts.length ? alts.map((a) => a.href) : [canonicalUrl({ publicUrl, pathname })]
    const links = alts.map((a) => `    <xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`)
    for (const loc of new Set(locs)) entries.push(['  <url>', `    <loc>${xmlEscape(loc)}</loc>`, ...links, '  </url>'].join('\n'))
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}
