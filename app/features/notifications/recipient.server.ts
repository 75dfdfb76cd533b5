import { eq, sql, type SQL } from 'drizzle-orm'
import { isLocale, type Locale } from '#app/i18n/locales'
import { db } from '#db/client.server'
import { notificationSettings, profileImages, profiles, pushSubscriptions, users } from '#db/schema/index'
import { ageOn } from '#app/lib/dates'
import { settingsFromRow, type EmailType, type NotificationSettings } from './preferences'

/** Who a notification goes to, with what decides whether it may. */
export interface Recipient {
  userId: number
  profileId: number
  email: string
  locale: Locale
  name: string
  active: boolean
  notificationsDisabled: string[]
  online: boolean
  settings: NotificationSettings
  /** Whether any browser of theirs subscribed to pushes: without one, a push job has nothing more to ask. */
  hasPushSubscription: boolean
}

async function loadRecipient(where: SQL, onlineWindowS: number): Promise<Recipient | null> {
  const [r] = await db()
    .select({
      userId: users.id,
      profileId: profiles.id,
      email: users.email,
      language: users.language,
      name: profiles.name,
      status: users.status,
      profileStatus: profiles.status,
      disabled: users.notificationsDisabled,
      online: sql<boolean>`coalesce(${users.lastSeenAt} > now() - (${onlineWindowS} * interval '1 second'), false)`,
      emailTypes: notificationSettings.emailTypes,
      pushEnabled: notificationSettings.pushEnabled,
      pushDiscreet: notificationSettings.pushDiscreet,
      hasPushSubscription: sql<boolean>`exists (select 1 from ${pushSubscriptions} ps where ps.user_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(where)
  if (!r) return null
  return {
    userId: r.userId,
    profileId: r.profileId,
    email: r.email,
    locale: isLocale(r.language) ? r.language : 'en',
    name: r.name,
    // Never anything to an unconfirmed or leaving member, nor to a suspended profile.
    active: r.status === 'active' && r.profileStatus === 'active',
    notificationsDisabled: r.disabled,
    online: !!r.online,
    settings: settingsFromRow(r),
    hasPushSubscription: !!r.hasPushSubscription,
  }
}

export const recipientByProfile = (profileId: number, onlineWindowS: number) => loadRecipient(eq(profiles.id, profileId), onlineWindowS)
export const recipientByUser = (userId: number, onlineWindowS: number) => loadRecipient(eq(users.id, userId), onlineWindowS)

/** An e-mail of this type may go to this member: active, mail not switched off (bounce, complaint), type wanted. */
export function mayEmail(r: Recipient, type: EmailType): boolean {
  return r.active && r.notificationsDisabled.length === 0 && r.settings.emailTypes.includes(type)
}

/** Someone an e-mail or push is about (a sender, a liker, a new member): what may be shown of them. */
export interface Actor {
  profileId: number
  name: string
  age: number
  place: string
  isFictional: boolean
  listed: boolean
  /** Path of the main photo's thumbnail under the media prefix, when it is approved. */
  thumb: string | null
}

export async function loadActor(profileId: number): Promise<Actor | null> {
  const [a] = await db()
    .select({
      profileId: profiles.id,
      name: profiles.name,
      birthDate: profiles.birthDate,
      city: profiles.city,
      country: profiles.country,
      isFictional: profiles.isFictional,
      status: profiles.status,
      thumb: profileImages.thumbFilename,
      imageStatus: profileImages.status,
    })
    .from(profiles)
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(eq(profiles.id, profileId))
  if (!a) return null
  return {
    profileId: a.profileId,
    name: a.name,
    age: ageOn(a.birthDate),
    place: a.city ?? a.country,
    isFictional: a.isFictional,
    listed: a.status === 'active',
    thumb: a.imageStatus === 'active' ? a.thumb : null,
  }
}
