import { data } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { submitChatPhoto, type ChatPhotoPost } from '#app/features/chat/chat-photos.server'
import { MAX_UPLOAD_BYTES } from '#app/features/photos/process-image.server'
import type { UnreadPhoto } from '#app/features/photos/submit-photo.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOften } from '#app/features/safety/too-often'
import { idParam, retryAfterHeader } from '#app/lib/http.server'
import type { Route } from './+types/members-id-chat-photo'

export function loader() {
  throw new Response('Not Found', { status: 404 })
}

/**
 * POST /members/{id}/chat/photo, multipart fields `photo` and `clientId`: a photo message to that member. The
 * answer is the sent message (with the new balance) or a refusal's catalog id; the partner hears of it live.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const partnerId = idParam(params.id)
  const fail = (status: number, error: string) => data({ ok: false as const, error }, { status })
  // Counted before the body is read: submitChatPhoto takes the token, then calls readChatPhoto.
  const r = await submitChatPhoto(viewer.profileId, partnerId, () => readChatPhoto(request))
  if (isTooOften(r)) {
    const t = tooOften(r.retryAfter)
    return data({ ok: false as const, error: t.id, values: t.values }, { status: 429, headers: retryAfterHeader(r.retryAfter) })
  }
  if (r.ok) return r
  if (r.error === 'unread') return fail(r.code === 'too_large' ? 413 : 400, `photos.error.${r.code}`)
  return fail(r.status, r.error === 'photo' ? `photos.error.${r.code}` : r.error)
}

/** The posted fields `clientId` and `photo`; oversized bodies are refused before they are read. */
async function readChatPhoto(request: Request): Promise<ChatPhotoPost | UnreadPhoto> {
  const unread = (code: UnreadPhoto['code']): UnreadPhoto => ({ ok: false, error: 'unread', code })
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) return unread('too_large')
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return unread('not_image')
  }
  const file = form.get('photo')
  const clientId = form.get('clientId')
  if (!file || typeof file === 'string') return { clientId, photo: unread('not_image') }
  if (file.size > MAX_UPLOAD_BYTES) return { clientId, photo: unread('too_large') }
  return { clientId, photo: Buffer.from(await file.arrayBuffer()) }
}
