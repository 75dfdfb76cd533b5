import { useLocation, useMatches } from 'react-router'
import { locales } from '#app/i18n/locales'
import { alternates, canonicalUrl, isIndexable, normalizePath, ogLocale } from '#app/lib/seo'

/** What the root loader passes for the head tags (settings and PUBLIC_URL). */
export interface SeoSite {
  publicUrl: string
  localeDomains: Record<string, string>
  domainLanguage: string
  name: string
  indexTitle: string
  description: string
}

/** A page's own values, from its loader data: `export const handle: SeoHandle = { seo: (data) => ({ ... }) }`. */
export interface SeoOverrides {
  /** A message id of the page's title (translated with the root catalog), or a ready text. */
  titleId?: string
  title?: string
  description?: string
  /** An absolute or root-relative share image. Never a member's photo: member pages are not indexed. */
  image?: string
}
export interface SeoHandle {
  seo?: (data: unknown) => SeoOverrides | undefined
}

/**
 * Head tags of every page (rendered by the root Layout, so no route can forget them; React Router's route `meta`
 * replaces rather than merges, which is why these are not `meta` descriptors). Pages outside the public list of
 * app/lib/seo.ts, and every page a member sees logged in, get `noindex, nofollow` and nothing else: member
 * profiles are never indexed and never shared with their photo (privacy over the share image rule of spec
 * section 3; docs/decisions/015-seo.md).
 */
export function SeoTags({
  site,
  locale,
  loggedIn,
  text,
}: {
  site: SeoSite | undefined
  locale: string
  loggedIn: boolean
  /** A message of the page's bundle, formatted; undefined where there is none. */
  text: (id: string) => string | undefined
}) {
  const { pathname } = useLocation()
  const matches = useMatches()
  const leaf = matches[matches.length - 1]
  // An error page (a 404 under a public path) is not indexable either: the leaf has no data then.
  if (!site || !leaf || leaf.data === undefined || !isIndexable(pathname, loggedIn)) return <meta name="robots" content="noindex, nofollow" />
  const own = (leaf.handle as SeoHandle | undefined)?.seo?.(leaf.data) ?? {}
  const input = { publicUrl: site.publicUrl, pathname, localeDomains: site.localeDomains, locale }
  const url = canonicalUrl(input)
  const title = own.title ?? (own.titleId ? (text(own.titleId) ?? own.titleId) : normalizePath(pathname) === '/' ? site.indexTitle : site.name)
  const description = own.description ?? site.description
  const image = own.image ? new URL(own.image, site.publicUrl + '/').href : undefined
  return (
    <>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {alternates(input, locales).map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={ogLocale(locale, site.domainLanguage)} />
      {image ? <meta property="og:image" content={image} /> : null}
    </>
  )
}
