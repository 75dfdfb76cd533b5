import { endSession } from '#app/features/authentication/session-cookie.server'
import type { Route } from './+types/logout.php'

/** GET /api/logout.php (spec section 7) ends the session; POST does the same for forms. */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await endSession(context.sessionToken), 'Cache-Control': 'no-store' } })
}

export async function action({ context }: Route.ActionArgs) {
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await endSession(context.sessionToken) } })
}
