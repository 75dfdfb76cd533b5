import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { listOwnPhotos } from '#app/features/photos/photos.server'
import { MAX_UPLOAD_BYTES } from '#app/features/photos/process-image.server'
import { submitPhotoUpload, type UnreadPhoto } from '#app/features/photos/submit-photo.server'
import { photoErrorValues } from '#app/features/photos/photo-rules'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { serverIntl } from '#app/i18n/translate.server'
import { isTooOften } from '#app/features/settings/write-limits.server'
import type { Route } from './+types/photos.php'
import { tooOftenJson } from '../write-limit.server'

/** GET: the member's own photos. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  return Response.json({ photos: await listOwnPhotos(viewer.profileId) }, { headers: { 'Cache-Control': 'no-store' } })
}

/** POST multipart field `photo`: one upload (the client sends several one after another, with progress). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireApiViewer(context)
  const t = serverIntl((await requestLocale(request, context)).locale)
  const fail = (status: number, error: string, values?: Record<string, number>) =>
    Response.json({ error, message: t.formatMessage({ id: `photos.error.${error}` }, { ...photoErrorValues, ...values }) }, { status })
  if (request.method !== 'POST') return fail(405, 'not_image')
  // Counted before the body is read or decoded: submitPhotoUpload takes the token, then calls readPhoto.
  const r = await submitPhotoUpload(viewer, () => readPhoto(request))
  if (isTooOften(r)) return tooOftenJson(request, context, r.retryAfter)
  if (r.ok) return Response.json({ photo: r.photo }, { status: 201 })
  if (r.error === 'limit_reached') return fail(409, 'limit_reached', { limit: r.limit })
  if (r.error === 'unread') return fail(r.code === 'too_large' ? 413 : 400, r.code)
  return fail(r.code === 'too_large' ? 413 : 422, r.code)
}

/** The posted field `photo`'s bytes; oversized bodies are refused before they are read. */
async function readPhoto(request: Request): Promise<Buffer | UnreadPhoto> {
  const unread = (code: UnreadPhoto['code']): UnreadPhoto => ({ ok: false, error: 'unread', code })
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return unread('too_large')
  let file: FormDataEntryValue | null
  try {
    file = (await request.formData()).get('photo')
  } catch {
    return unread('not_image')
  }
  if (!file || typeof file === 'string') return unread('not_image')
  if (file.size > MAX_UPLOAD_BYTES) return unread('too_large')
  return Buffer.from(await file.arrayBuffer())
}
