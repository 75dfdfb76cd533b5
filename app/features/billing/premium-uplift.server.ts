import { sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { likes, profiles, users } from '#db/schema/index'

/** How much more Premium members matched than free members, measured on the site's own data (issue 28). */
export interface PremiumUplift {
  /** Matches per active Premium member over matches per active free member, less one, in whole percent. */
  percentage: number
  premiumMembers: number
  freeMembers: number
  windowDays: number
}

export const UPLIFT_WINDOW_DAYS = 90
/** Below this many active members in either group the figure says nothing: the page shows a neutral line. */
export const UPLIFT_MIN_MEMBERS = 50

/**
 * The spec's "Premium members have a 46% higher chance of a match" is shown only as far as the data supports it:
 * over the last 90 days, the matches (both liked each other, the later like in the window) per active Premium member
 * against those per active free member; active = a confirmed account seen in the window; fictional profiles are not
 * members. Null when a group is smaller than `minMembers`, free members matched nobody, or Premium members did not
 * match more: then no figure is claimed.
 */
export async function measurePremiumUplift(opts: { now?: Date; minMembers?: number } = {}): Promise<PremiumUplift | null> {
  const now = opts.now ?? new Date()
  const minMembers = opts.minMembers ?? UPLIFT_MIN_MEMBERS
  const since = new Date(now.getTime() - UPLIFT_WINDOW_DAYS * 86_400_000)
  const r = await db().execute(sql`
    with active as (
      select p.id, u.paid_user from ${profiles} p join ${users} u on u.id = p.user_id
      where u.status = 'active' and p.last_active_at > ${since} and p.is_fictional = false
    ), matched as (
      select l1.liker_id as member, count(*) as n
      from ${likes} l1 join ${likes} l2 on l2.liker_id = l1.liked_id and l2.liked_id = l1.liker_id
      where greatest(l1.created_at, l2.created_at) > ${since} and greatest(l1.created_at, l2.created_at) <= ${now}
      group by l1.liker_id
    )
    select a.paid_user as "premium", count(*)::int as "members", coalesce(sum(m.n), 0)::int as "matches"
    from active a left join matched m on m.member = a.id
    group by a.paid_user`)
  const rows = (r as unknown as { rows: { premium: boolean; members: number; matches: number }[] }).rows
  const premium = rows.find((x) => x.premium)
  const free = rows.find((x) => !x.premium)
  if (!premium || !free || premium.members < minMembers || free.members < minMembers || free.matches === 0) return null
  const percentage = Math.round((premium.matches / premium.members / (free.matches / free.members) - 1) * 100)
  if (percentage < 1) return null
  return { percentage, premiumMembers: premium.members, freeMembers: free.members, windowDays: UPLIFT_WINDOW_DAYS }
}

// Measured at most once an hour per process: the figure moves slowly and the query reads every active member.
const CACHE_MS = 3_600_000
let cached: { at: number; value: Promise<PremiumUplift | null> } | undefined

/** The measured uplift for the Premium page, cached for an hour. */
export function premiumUplift(): Promise<PremiumUplift | null> {
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    const value = measurePremiumUplift().catch(() => null)
    cached = { at: Date.now(), value }
  }
  return cached.value
}
