import { db } from '#db/client.server'
import { likes, conversationMembers, profileImages, profiles, users } from '#db/schema/index'
import { and, eq, sql } from 'drizzle-orm'

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
  signupDate: string
  notificationsDisabled: string[]
  thumb: string | null
  country: string
  gender: 'male' | 'female'
  sexuality: string
}

export async function getViewer(userId: number): Promise<Viewer | null> {
  const [row] = await db()
    .select({
      userId: users.id,
      profileId: profiles.id,
      email: users.email,
      name: profiles.name,
      status: users.status,
      credits: users.credits,
      paidUser: users.paidUser,
      language: users.language,
      signupDate: users.signupDate,
      notificationsDisabled: users.notificationsDisabled,
      thumb: profileImages.thumbFilename,
      country: profiles.country,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(and(eq(users.id, userId), sql`${users.status} in ('not_confirmed', 'active')`))
  if (!row) return null
  return { ...row, signupDate: row.signupDate.toISOString() }
}

/** Badge counts of the top navigation: unread messages and new likes. */
export async function getBadgeCounts(profileId: number): Promise<{ unread: number; newLikes: number }> {
  const [row] = await db()
    .select({
      unread: sql<number>`coalesce((select sum(${conversationMembers.unreadCount}) from ${conversationMembers} where ${conversationMembers.profileId} = ${profileId} and ${conversationMembers.hidden} = false), 0)::int`,
      newLikes: sql<number>`(select count(*) from ${likes} where ${likes.likedId} = ${profileId} and ${likes.isNew} = true)::int`,
    })
    .from(sql`(select 1) as one`)
  return { unread: Number(row?.unread ?? 0), newLikes: Number(row?.newLikes ?? 0) }
}

export async function setAccountLanguage(userId: number, language: string): Promise<void> {
  await db().update(users).set({ language }).where(eq(users.id, userId))
}
