import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { listLikes } from '#app/features/likes/likes.server'
import type { Route } from './+types/likes.php'

/** GET /api/likes.php: profiles the member liked and received likes (id, like_new), new first. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const [sent, received] = await Promise.all([listLikes(viewer.profileId, 'sent'), listLikes(viewer.profileId, 'received')])
  return Response.json(
    {
      profiles: sent.map((e) => e.profile),
      liked_by: received.map((e) => ({ id: e.profile.id, like_new: e.like_new, profile: e.profile })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
