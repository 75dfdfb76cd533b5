import { data } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { sendChatPhoto } from '#app/features/chat/chat-photos.server'
import { MAX_UPLOAD_BYTES } from '#app/features/photos/process-image.server'
import { takeWrite } from '#app/features/settings/write-limits.server'
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
  // Counted before the body is read: a refused upload costs neither the decoding nor credits.
  const wait = await takeWrite('upload', viewer.profileId)
  if (wait > 0) {
    const t = tooOften(wait)
    return data({ ok: false as const, error: t.id, values: t.values }, { status: 429, headers: retryAfterHeader(wait) })
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) return fail(413, 'photos.error.too_large')
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return fail(400, 'photos.error.not_image')
  }
  const file = form.get('photo')
  const clientId = form.get('clientId')
  if (typeof clientId !== 'string' || !/^[0-9a-f-]{36}$/i.test(clientId)) return fail(400, 'chat.errorInvalid')
  if (!file || typeof file === 'string') return fail(400, 'photos.error.not_image')
  if (file.size > MAX_UPLOAD_BYTES) return fail(413, 'photos.error.too_large')
  const r = await sendChatPhoto(viewer.profileId, partnerId, clientId, Buffer.from(await file.arrayBuffer()))
  if (r.ok) return r
  return fail(r.status, r.error === 'photo' ? `photos.error.${r.code}` : r.error)
}
