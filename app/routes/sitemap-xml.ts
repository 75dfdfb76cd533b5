import { getSettings } from '#app/features/settings/settings.server'
import { locales } from '#app/i18n/locales'
import { publicUrl } from '#app/lib/env.server'
import { sitemapXml } from '#app/lib/seo'

/** GET /sitemap.xml: the indexable public pages, with hreflang alternates when locale_domains is set. */
export async function loader() {
  const settings = await getSettings()
  return new Response(sitemapXml({ publicUrl: publicUrl(), localeDomains: settings.locale_domains }, locales), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
