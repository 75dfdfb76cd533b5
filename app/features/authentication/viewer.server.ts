import { db } from '#db/client.server'
import { accountRestrictions, likes, conversationMembers, conversations, profileImages, profiles, sessions, users, type Sexuality } from '#db/schema/index'
import type { ColorMode } from '#app/lib/color-mode'
import { keepSessionAlive, sessionLookupIds } from './sessions.server'
import { preparedOnce } from '#db/prepared-once.server'
import { getSettings } from '#app/features/settings/settings.server'
import { notBlockedEitherWay } from '#app/policies/visibility.server'
import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { withWrite } from '#app/features/settings/write-limits.server'

/** The logged-in member as every loader sees them. */
export interface Viewer {
  userId: number
  profileId: number
  email: string
  name: string
  status: string
  credits: number
  paidUser: boolean
  language: string
  colorMode: ColorMode
  signupDate: string
  notificationsDisabled: string[]
  thumb: string | null
  country: string
  gender: 'male' | 'female'
  sexuality: Sexuality
  profileStatus: string
  /** The top navigation's counts, when the lookup was asked for them (a page's request: viewerForSession). */
  badgeCounts?: { unread: number; newLikes: number }
}

const viewerColumns = {
  userId: users.id,
  profileId: profiles.id,
  email: users.email,
  name: profiles.name,
  status: users.status,
  credits: users.credits,
  paidUser: users.paidUser,
  language: users.language,
  colorMode: users.colorMode,
  signupDate: users.signupDate,
  notificationsDisabled: users.notificationsDisabled,
  thumb: profileImages.thumbFilename,
  country: profiles.country,
  gender: profiles.gender,
  sexuality: profiles.sexuality,
  profileStatus: profiles.status,
}

// Who may be a viewer at all: a confirmed or unconfirmed account, not suspended or banned (a suspended or banned
// member's session opens nothing; their sessions were ended, and this holds for any left).
const mayView = sql`${users.status} in ('not_confirmed', 'active') and not exists (select 1 from ${accountRestrictions} r where r.user_id = ${users.id} and (r.kind = 'banned' or r.until > now()))`

export async function getViewer(userId: number): Promise<Viewer | null> {
  const [row] = await db()
    .select(viewerColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(and(eq(users.id, userId), mayView))
  if (!row) return null
  return { ...row, signupDate: row.signupDate.toISOString() }
}

/** The session's viewer, with or without the badge counts; `p` gives the placeholders of preparedOnce. */
function sessionViewerQuery(p: (key: string) => Placeholder, withCounts: boolean) {
  const counts = withCounts ? badgeCountColumns(sql`${profiles.id}`) : { unread: sql<null>`null`, newLikes: sql<null>`null` }
  return (
    db()
      .select({
        ...viewerColumns,
        sessionId: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        idle: sql<boolean>`${sessions.lastUsedAt} < now() - make_interval(days => ${p('idleDays')}::int)`,
        unread: counts.unread,
        newLikes: counts.newLikes,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
      // One statement for any number of candidate ids (`in (...)` made one per count).
      .where(and(sql`${sessions.id} = any(${p('ids')}::varchar[])`, gt(sessions.expiresAt, sql`now()`), mayView))
      .limit(1)
  )
}

// Built once (db/prepared-once.server.ts): every request of a logged-in member runs one, and Drizzle building it
// again each time was 0.2-0.5 ms of CPU.
const sessionViewer = preparedOnce('session_viewer', (p) => sessionViewerQuery(p, false))
const sessionViewerWithCounts = preparedOnce('session_viewer_counts', (p) => sessionViewerQuery(p, true))

/**
 * The viewer of a session token in one round trip (every request of a logged-in member asks: issue 14), with the
 * session's idle check, move to the current key and touch as userIdForSession does.
 */
export async function viewerForSession(token: string | null | undefined, opts: { badgeCounts?: boolean } = {}): Promise<Viewer | null> {
  const ids = sessionLookupIds(token)
  if (!ids) return null
  // A page's root shows the badge counts: asked in the same statement (issue 26: at most four per page).
  const statement = opts.badgeCounts ? sessionViewerWithCounts : sessionViewer
  const [row] = await statement({ ids, idleDays: (await getSettings()).session_idle_days })
  if (!row) return null
  const { sessionId, lastUsedAt, idle, unread, newLikes, ...viewer } = row
  if (!(await keepSessionAlive(token!, { id: sessionId, lastUsedAt, idle }))) return null
  const badgeCounts = opts.badgeCounts ? { unread: Number(unread ?? 0), newLikes: Number(newLikes ?? 0) } : undefined
  return { ...viewer, signupDate: viewer.signupDate.toISOString(), ...(badgeCounts ? { badgeCounts } : {}) }
}

/** Badge counts of the top navigation: unread messages and new likes. */
export async function getBadgeCounts(profileId: number): Promise<{ unread: number; newLikes: number }> {
  const [row] = await db()
    .select(badgeCountColumns(sql`${profileId}::int`))
    .from(sql`(select 1) as one`)
  return { unread: Number(row?.unread ?? 0), newLikes: Number(row?.newLikes ?? 0) }
}

/** The badge counts of several members in one query (the live fan-out of a burst of messages). */
export async function getBadgeCountsOf(profileIds: number[]): Promise<Map<number, { unread: number; newLikes: number }>> {
  if (!profileIds.length) return new Map()
  const rows = await db()
    .select({ id: sql<number>`v.id`, ...badgeCountColumns(sql`v.id`) })
    .from(sql`unnest(${`{${profileIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]) as v(id)`)
  return new Map(rows.map((r) => [Number(r.id), { unread: Number(r.unread ?? 0), newLikes: Number(r.newLikes ?? 0) }]))
}

function badgeCountColumns(profileId: SQL) {
  return {
    // Only what the chats and likes lists show (no blocked or disabled counterparts):
    // anything else could never be read or seen, and the badge would stay up for good.
    unread: sql<number>`coalesce((select sum(cm.unread_count) from ${conversationMembers} cm join ${conversations} c on c.id = cm.conversation_id join ${profiles} partner on partner.id = (case when c.profile_low_id = ${profileId} then c.profile_high_id else c.profile_low_id end) where cm.profile_id = ${profileId} and cm.hidden = false and partner.status = 'active' and ${notBlockedEitherWay(profileId, sql`partner.id`)}), 0)::int`,
    newLikes: sql<number>`(select count(*) from ${likes} l join ${profiles} p on p.id = l.liker_id where l.liked_id = ${profileId} and l.is_new = true and p.status = 'active' and ${notBlockedEitherWay(profileId, sql`l.liker_id`)})::int`,
  }
}

export async function setAccountLanguage(userId: number, language: string): Promise<void> {
  await db().update(users).set({ language }).where(eq(users.id, userId))
}

/** The member's choice of light or dark pages (or the device's): takes an account_change write token first. */
export function submitColorMode(userId: number, colorMode: ColorMode) {
  return withWrite('account_change', userId, () => db().update(users).set({ colorMode }).where(eq(users.id, userId)))
}

/** The member's choice of language: takes an account_change write token first (too_often when spent). */
export function submitAccountLanguage(userId: number, language: string) {
  return withWrite('account_change', userId, () => setAccountLanguage(userId, language))
}
