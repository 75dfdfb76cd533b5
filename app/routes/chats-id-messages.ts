import { requireApiViewer } from '#app/features/authentication/require-viewer.server'
import { conversationPartner, messagePage } from '#app/features/chat/conversations.server'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/chats-id-messages'

/** GET /chats/{id}/messages?before={message id}: an older page of a conversation, by cursor (newest first pages). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const conversationId = idParam(params.id)
  if ((await conversationPartner(conversationId, viewer.profileId)) === null) return Response.json({ error: 'not_found' }, { status: 404 })
  const before = Number(new URL(request.url).searchParams.get('before'))
  if (!Number.isSafeInteger(before) || before <= 0) return Response.json({ error: 'bad_request' }, { status: 400 })
  return Response.json(await messagePage(conversationId, viewer.profileId, before), { headers: { 'Cache-Control': 'no-store' } })
}
