import { publicUrl } from '#app/lib/env.server'
import { robotsTxt } from '#app/lib/seo'

/** GET /robots.txt: public pages allowed, member areas and APIs not; the sitemap's address (app/lib/seo.ts). */
export function loader() {
  return new Response(robotsTxt(publicUrl()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
