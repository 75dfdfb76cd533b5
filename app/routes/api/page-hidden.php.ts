import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { bouncePath } from '#app/features/visitors/page-bounces'
import { countPageHidden, pageHiddenLimiter } from '#app/features/visitors/page-bounces.server'
import type { Route } from './+types/page-hidden.php'

export function loader() {
  return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } })
}

/**
 * POST /api/page-hidden.php (spec section 7): the beacon a page sends when it becomes hidden, while the `lb` flag
 * of the visit is on. The body is an empty JSON object; the page is the beacon's Referer. Counted per day and path.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } })
  if (await consume(pageHiddenLimiter(), context.clientIp)) return Response.json({ error: 'too_many_requests' }, { status: 429 })
  const path = bouncePath(request.headers.get('referer'), new URL(request.url).origin)
  if (!path) return Response.json({ error: 'bad_request' }, { status: 400 })
  await countPageHidden(path)
  return new Response(null, { status: 204 })
}
