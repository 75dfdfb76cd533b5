import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { submitHideConversation } from '#app/features/chat/conversations.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import type { Route } from './+types/chat.php'
import { tooOftenJson } from '../write-limit.server'

export function loader() {
  return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'DELETE' } })
}

/** DELETE /api/chat.php {conversation}: removes a chat from the member's own list (spec sections 4 and 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireApiViewer(context)
  if (request.method !== 'DELETE') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'DELETE' } })
  // The body is read only once the write token is taken; an unreadable one is a bad request like an invalid one.
  const r = await submitHideConversation(viewer.profileId, () => request.json().catch(() => undefined))
  if (isTooOften(r)) return tooOftenJson(request, context, r.retryAfter)
  if (!r.ok) return r.error === 'not_found' ? Response.json({ error: 'not_found' }, { status: 404 }) : Response.json({ error: 'bad_request' }, { status: 400 })
  return Response.json({ ok: true })
}
