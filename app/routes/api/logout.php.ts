import { endSession } from '#app/features/authentication/session-cookie.server'
import type { Route } from './+types/logout.php'

/**
 * GET /api/logout.php (spec section 7) ends the session, but only when the site's own client asks: a GET can be
 * made by any page on the internet (an image tag), a custom header cannot be sent across origins without a CORS
 * preflight that this site never grants. POST does the same for forms (the Origin check covers it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const fromOwnClient = request.headers.has('x-request-type') && request.headers.get('sec-fetch-site') !== 'cross-site'
  if (!fromOwnClient) return Response.json({ error: 'request_type_required' }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await endSession(context.sessionToken), 'Cache-Control': 'no-store' } })
}

export async function action({ context }: Route.ActionArgs) {
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await endSession(context.sessionToken) } })
}
