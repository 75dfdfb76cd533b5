import { mediaStore } from '#app/adapters/storage/index.server'
import { mediaResponse } from '#app/adapters/storage/media-response.server'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { chatPhotoFile } from '#app/features/chat/chat-photos.server'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/chats-id-photo'

/** GET /chats/{conversation}/photos/{message}: a photo sent in a chat, for the two members of that chat only, while the
 * viewer may see the conversation (not once the partner blocked them: 403, as the chat page). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const photo = await chatPhotoFile(viewer.profileId, idParam(params.id), idParam(params.messageId))
  if (!photo.ok) throw photo.reason === 'blocked' ? new Response('Forbidden', { status: 403 }) : new Response('Not Found', { status: 404 })
  const res = await mediaResponse(mediaStore(), request, photo.file, 'private', { 'Cache-Control': 'private, max-age=3600', Vary: 'Cookie' })
  if (!res) throw new Response('Not Found', { status: 404 })
  return res
}
