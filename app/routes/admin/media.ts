import { mediaStore } from '#app/adapters/storage/index.server'
import { mediaResponse } from '#app/adapters/storage/media-response.server'
import { moderationPhotoFile } from '#app/features/console/moderation/photo-queue.server'
import { can } from '#app/features/console/operators/permissions'
import { forbidden, requireOperator } from '#app/routes/-helpers/require-operator.server'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/media'

/** GET /admin/media/{id}/{variant}: any member photo, whatever its status, for moderators judging it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const operator = await requireOperator(request)
  if (!can(operator.role, 'photos.moderate') && !can(operator.role, 'reports.handle')) throw forbidden()
  const file = await moderationPhotoFile(idParam(params.id), params.variant === 'thumb' ? 'thumb' : 'match')
  if (!file) throw new Response('Not Found', { status: 404 })
  for (const area of ['private', 'public'] as const) {
    const res = await mediaResponse(mediaStore(), request, file, area, { 'Cache-Control': 'private, no-store' })
    if (res) return res
  }
  throw new Response('Not Found', { status: 404 })
}
