import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { likes, profileImages, profiles, skips, users } from '#db/schema/index'
import { sexualitiesSeeking, wantedGenders, type Orientation } from './compatibility'
import { listableTo } from './visibility.server'

/** Conditions on `profiles`: the profile's gender is one the viewer looks for, and it looks for the viewer's. */
export function compatibleWith(viewer: Orientation): SQL {
  return or(...wantedGenders(viewer).map((g) => and(eq(profiles.gender, g), inArray(profiles.sexuality, sexualitiesSeeking(viewer.gender, g)))))!
}

/**
 * Everyone the matching screens may propose to a viewer: listable to them (active, not invisible, no block, privacy
 * mode respected), compatible, and neither liked already nor skipped within `skipDays`. Only members who can like
 * back (issue 28): a real, confirmed account not on its way out, with a photo others may see. Fictional profiles
 * stay in search, labelled, but a swipe game of 4 likes a day must not spend them on profiles that never answer. The viewer's likes and
 * skips are read once per query into a hashed SubPlan, as the blocks in listableTo (an active swiper has thousands).
 */
export function proposableTo(viewerId: number, viewer: Orientation, skipDays: number): SQL {
  return and(
    listableTo(viewerId),
    compatibleWith(viewer),
    eq(profiles.isFictional, false),
    sql`exists (select 1 from ${users} u where u.id = ${profiles.userId} and u.status = 'active')`,
    sql`exists (select 1 from ${profileImages} i where i.id = ${profiles.mainImageId} and i.status = 'active')`,
    sql`${profiles.id} not in (select l.liked_id from ${likes} l where l.liker_id = ${viewerId}
      union all select s.skipped_id from ${skips} s where s.skipper_id = ${viewerId} and s.created_at > now() - make_interval(days => ${skipDays}))`,
  )!
}
