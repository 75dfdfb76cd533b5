import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { listOwnPhotos, uploadPhoto } from '#app/features/photos/photos.server'
import { ImageRejectedError, MAX_UPLOAD_BYTES } from '#app/features/photos/process-image.server'
import { photoErrorValues } from '#app/features/photos/photo-rules'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { serverIntl } from '#app/i18n/translate.server'
import { takeWrite } from '#app/features/settings/write-limits.server'
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
  // Counted before the body is read or decoded.
  const wait = await takeWrite('upload', viewer.profileId)
  if (wait > 0) return tooOftenJson(request, context, wait)
  // Refuse oversized bodies before reading them.
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return fail(413, 'too_large')
  let file: FormDataEntryValue | null
  try {
    file = (await request.formData()).get('photo')
  } catch {
    return fail(400, 'not_image')
  }
  if (!file || typeof file === 'string') return fail(400, 'not_image')
  if (file.size > MAX_UPLOAD_BYTES) return fail(413, 'too_large')
  try {
    const r = await uploadPhoto(viewer, Buffer.from(await file.arrayBuffer()))
    if (!r.ok) return fail(409, 'limit_reached', { limit: r.limit })
    return Response.json({ photo: r.photo }, { status: 201 })
  } catch (e) {
    if (e instanceof ImageRejectedError) return fail(e.code === 'too_large' ? 413 : 422, e.code)
    throw e
  }
}
