import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { suggestion } from '#app/features/matching/proposals.server'
import type { Route } from './+types/auto-like.php'

/**
 * GET /api/auto-like.php: one compatible profile to propose (id, main_image.match), for the match and like modals.
 * It only proposes: nothing is liked in anyone's name (docs/decisions/013-matching-and-compatibility.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const s = await suggestion(viewer.profileId)
  const profile = s
    ? {
        id: s.profile.id,
        name: s.profile.name,
        age: s.profile.age,
        thumb: s.profile.thumb,
        is_fictional: s.profile.isFictional,
        main_image: s.matchImage ? { match: s.matchImage } : null,
      }
    : null
  return Response.json({ profile }, { headers: { 'Cache-Control': 'no-store' } })
}
