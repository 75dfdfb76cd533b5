import type { Route } from './+types/i18n-bundle'
import { messageBundleAt } from '#app/i18n/message-bundles.server'
import { acceptsBrotli } from '#app/lib/accept-encoding'

/**
 * GET /i18n/{locale}-{part}-{hash}.js: a page's messages (app/i18n/message-bundles.server.ts), cached for good.
 * In Brotli at its best quality where the browser takes it; the compression middleware leaves an encoded reply
 * alone and compresses the others as it does every reply.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const bundle = messageBundleAt(new URL(request.url).pathname)
  if (!bundle) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const headers = new Headers({
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  })
  if (!acceptsBrotli(request.headers.get('accept-encoding'))) return new Response(bundle.body, { headers })
  headers.set('Content-Encoding', 'br')
  return new Response(new Uint8Array(await bundle.brotli()), { headers })
}
