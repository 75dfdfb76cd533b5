import { mediaStore } from '#app/adapters/storage/index.server'
import { mediaResponse } from '#app/adapters/storage/media-response.server'
import { photoFileFor, type PhotoVariant } from '#app/features/photos/photo-access.server'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/photo'

const variants: PhotoVariant[] = ['full', 'thumb', 'match']

/** GET /photo/{id}/{variant}: a member photo, or its blurred copy for viewers who may only see that. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = idParam(params.id)
  const variant = (params.variant ?? 'full') as PhotoVariant
  if (!variants.includes(variant)) throw new Response('Not Found', { status: 404 })
  const file = await photoFileFor(context.viewer, id, variant)
  if (!file) throw new Response('Not Found', { status: 404 })
  const res = await mediaResponse(mediaStore(), request, file.name, file.area, {
    // Per viewer: what one member may see, another may not.
    'Cache-Control': 'private, max-age=300',
    Vary: 'Cookie',
    'X-Photo-Blurred': file.blurred ? '1' : '0',
  })
  if (!res) throw new Response('Not Found', { status: 404 })
  return res
}
