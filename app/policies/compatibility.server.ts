import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { likes, profiles, skips } from '#db/schema/index'
import { sexualitiesSeeking, wantedGenders, type Orientation } from './compatibility'
import { listableTo } from './visibility.server'

/** Conditions on `profiles`: the profile's gender is one the viewer looks for, and it looks for the viewer's. */
export function compatibleWith(viewer: Orientation): SQL {
  return or(...wantedGenders(viewer).map((g) => and(eq(profiles.gender, g), inArray(profiles.sexuality, sexualitiesSeeking(viewer.gender, g)))))!
}

/**
 * Everyone the matching screens may propose to a viewer: listable to them (active, not invisible, no block, privacy
 * mode respected), compatible, and neither liked already nor skipped within `skipDays`. The viewer's likes and
 * skips are read once per query into a hashed SubPlan, as the blocks in listableTo (an active swiper has thousands).
 */
export function proposableTo(viewerId: number, viewer: Orientation, skipDays: number): SQL {
  return and(
    listableTo(viewerId),
    compatibleWith(viewer),
    sql`${profiles.id} not in (select l.liked_id from ${likes} l where l.liker_id = ${viewerId}
      union all select s.skipped_id from ${skips} s where s.skipper_id = ${viewerId} and s.created_at > now() - make_interval(days => ${skipDays}))`,
  )!
}
