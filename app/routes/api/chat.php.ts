import { z } from 'zod'
import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { hideConversation } from '#app/features/chat/conversations.server'
import { takeWrite } from '#app/features/settings/write-limits.server'
import type { Route } from './+types/chat.php'
import { tooOftenJson } from '../write-limit.server'

const removeSchema = z.object({ conversation: z.coerce.number().int().positive() })

export function loader() {
  return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'DELETE' } })
}

/** DELETE /api/chat.php {conversation}: removes a chat from the member's own list (spec sections 4 and 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireApiViewer(context)
  if (request.method !== 'DELETE') return Response.json({ error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'DELETE' } })
  const wait = await takeWrite('like', viewer.profileId)
  if (wait > 0) return tooOftenJson(request, context, wait)
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return Response.json({ error: 'bad_request' }, { status: 400 })
  }
  const parsed = removeSchema.safeParse(body)
  if (!parsed.success) return Response.json({ error: 'bad_request' }, { status: 400 })
  if (!(await hideConversation(parsed.data.conversation, viewer.profileId))) return Response.json({ error: 'not_found' }, { status: 404 })
  return Response.json({ ok: true })
}
