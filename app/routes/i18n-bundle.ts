import type { Route } from './+types/i18n-bundle'
import { messageBundleAt } from '#app/i18n/message-bundles.server'

/** GET /i18n/{locale}-{part}-{hash}.js: a page's messages (app/i18n/message-bundles.server.ts), cached for good. */
export function loader({ request }: Route.LoaderArgs) {
  const bundle = messageBundleAt(new URL(request.url).pathname)
  if (!bundle) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(bundle.body, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' },
  })
}
