import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { conversationAccess, messagePage, messagesAfter } from '#app/features/chat/conversations.server'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/chats-id-messages'

const cursor = (v: string | null) => {
  const n = Number(v)
  return v !== null && Number.isSafeInteger(n) && n >= 0 ? n : null
}

/**
 * GET /chats/{id}/messages?before={message id}: an older page of a conversation, by cursor (newest first pages).
 * GET /chats/{id}/messages?after={message id}: what came after the newest message the client has, oldest first: the
 * catch-up after a reconnect (app/features/chat/components/use-catch-up.ts).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const conversationId = idParam(params.id)
  // The same gate as the chat page: once the partner blocks the viewer, no page of the history either (403, as the
  // page answers; the partner's name is for the page's refusal only).
  const access = await conversationAccess(conversationId, viewer.profileId)
  if (!access.ok) return Response.json({ error: access.reason }, { status: access.reason === 'blocked' ? 403 : 404 })
  const search = new URL(request.url).searchParams
  const after = cursor(search.get('after'))
  if (after !== null) return Response.json(await messagesAfter(conversationId, viewer.profileId, after), { headers: { 'Cache-Control': 'no-store' } })
  const before = cursor(search.get('before'))
  if (!before) return Response.json({ error: 'bad_request' }, { status: 400 })
  return Response.json(await messagePage(conversationId, viewer.profileId, before), { headers: { 'Cache-Control': 'no-store' } })
}
