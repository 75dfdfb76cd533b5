import fs from 'node:fs'
import { Readable } from 'node:stream'
import { mediaPath } from '#app/adapters/storage/disk-storage.server'
import { requireViewer } from '#app/features/authentication/require-viewer.server'
import { chatPhotoFile } from '#app/features/chat/chat-photos.server'
import { env } from '#app/lib/env.server'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/chats-id-photo'

/** GET /chats/{conversation}/photos/{message}: a photo sent in a chat, for the two members of that chat only. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const name = await chatPhotoFile(viewer.profileId, idParam(params.id), idParam(params.messageId))
  if (!name) throw new Response('Not Found', { status: 404 })
  const path = mediaPath(env().DATA_DIR, name, 'private')
  if (!fs.existsSync(path)) throw new Response('Not Found', { status: 404 })
  return new Response(Readable.toWeb(fs.createReadStream(path)) as ReadableStream, {
    headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=3600', Vary: 'Cookie' },
  })
}
