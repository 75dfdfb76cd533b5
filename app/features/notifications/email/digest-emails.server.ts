import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import { notBlockedEitherWay } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { enqueueJobs } from '#db/jobs.server'
import { conversationMembers, conversations, notificationLog, profiles, users } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { sentWithin } from '../notification-log.server'
import { loadActor, mayEmail, recipientByUser } from '../recipient.server'
import { emailProfile, sendNotificationEmail } from './send-notification-email.server'

const BATCH = 1000

/** Members who may get e-mail at all (active, listed, mail not switched off), after `afterId`, a page at a time. */
async function mailableUsers(afterId: number, extra = sql`true`): Promise<number[]> {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(gt(users.id, afterId), eq(users.status, 'active'), eq(profiles.status, 'active'), sql`cardinality(${users.notificationsDisabled}) = 0`, extra))
    .orderBy(users.id)
    .limit(BATCH)
  return rows.map((r) => r.id)
}

/**
 * The recurring job of one digest type fans out into one job per member (key per period), so that one member's
 * failure is retried alone and a restart does not mail anyone twice.
 */
export async function fanOut(job: string, period: string, extra?: ReturnType<typeof sql>, payload: Record<string, unknown> = {}): Promise<number> {
  let total = 0
  for (let after = 0; ;) {
    const ids = await mailableUsers(after, extra)
    if (!ids.length) return total
    total += await enqueueJobs(
      db(),
      ids.map((userId) => ({ name: job, payload: { ...payload, userId }, key: `${job}:${userId}:${period}`, maxAttempts: 3 })),
    )
    after = ids[ids.length - 1]
  }
}

// --- unread_message_reminders: unread messages older than unread_reminder_hours ------------------------------

export async function scheduleUnreadReminders(period: string): Promise<number> {
  const { unread_reminder_hours: hours } = await getSettings()
  const waiting = sql`exists (select 1 from ${conversationMembers} cm join ${conversations} c on c.id = cm.conversation_id
    where cm.profile_id = ${profiles.id} and cm.unread_count > 0 and cm.hidden = false
      and c.last_message_at < now() - (${hours} * interval '1 hour'))`
  return fanOut('email.unread-reminder', period, waiting)
}

export async function mailUnreadReminder(job: { userId: number }): Promise<'sent' | 'skipped'> {
  const s = await getSettings()
  const r = await recipientByUser(job.userId, s.online_window_seconds)
  if (!r || !mayEmail(r, 'unread_message_reminders') || r.online) return 'skipped'
  if (await sentWithin(r.userId, 'unread_message_reminders', '', s.unread_reminder_hours)) return 'skipped'
  const [row] = await db()
    .select({ count: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)::int` })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.profileId, r.profileId), eq(conversationMembers.hidden, false), gt(conversationMembers.unreadCount, 0)))
  const count = Number(row?.count ?? 0)
  if (!count) return 'skipped'
  await sendNotificationEmail(r, 'unread_message_reminders', { prefix: 'email.unreadReminder', path: '/chats', values: { count } })
  return 'sent'
}

// --- weekly_updates: new members near the member, of the gender they are interested in -----------------------

export async function scheduleWeeklyUpdates(period: string): Promise<number> {
  return fanOut('email.weekly-update', period)
}

export async function mailWeeklyUpdate(job: { userId: number }): Promise<'sent' | 'skipped'> {
  const s = await getSettings()
  const r = await recipientByUser(job.userId, s.online_window_seconds)
  if (!r || !mayEmail(r, 'weekly_updates')) return 'skipped'
  if (await sentWithin(r.userId, 'weekly_updates', '', 24 * 6)) return 'skipped'
  const [me] = await db()
    .select({ gender: profiles.gender, sexuality: profiles.sexuality, country: profiles.country, region: profiles.region })
    .from(profiles)
    .where(eq(profiles.id, r.profileId))
  if (!me) return 'skipped'
  const other = me.gender === 'male' ? 'female' : 'male'
  const genders = me.sexuality === 'bi' ? ['male', 'female'] : me.sexuality === 'hetero' ? [other] : [me.gender]
  // Real members only (never fictional profiles), listed, visible, not in privacy mode, nobody blocked.
  const fresh = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.country, me.country),
        inArray(profiles.gender, genders as ('male' | 'female')[]),
        eq(profiles.status, 'active'),
        eq(profiles.isFictional, false),
        eq(profiles.invisible, false),
        eq(profiles.privacyMode, false),
        ne(profiles.id, r.profileId),
        gt(profiles.createdAt, sql`now() - interval '7 days'`),
        notBlockedEitherWay(r.profileId, profiles.id),
      ),
    )
    .orderBy(me.region ? sql`(${profiles.region} is not distinct from ${me.region}) desc` : desc(profiles.createdAt), desc(profiles.createdAt))
    .limit(s.weekly_update_profiles)
  if (!fresh.length) return 'skipped'
  const actors = (await Promise.all(fresh.map((f) => loadActor(f.id)))).filter((a) => a !== null)
  await sendNotificationEmail(r, 'weekly_updates', {
    prefix: 'email.weeklyUpdate',
    path: '/members',
    values: { count: actors.length },
    profiles: await Promise.all(actors.map(emailProfile)),
  })
  return 'sent'
}

// --- reminders: a member without a photo, photo_reminder_days after signup, at most weekly --------------------

export async function schedulePhotoReminders(period: string): Promise<number> {
  const { photo_reminder_days: days } = await getSettings()
  const noPhoto = sql`${profiles.mainImageId} is null and ${users.signupDate} < now() - (${days} * interval '1 day')
    and not exists (select 1 from ${notificationLog} nl where nl.user_id = ${users.id} and nl.type = 'reminders' and nl.sent_at > now() - interval '7 days')`
  return fanOut('email.photo-reminder', period, noPhoto)
}

export async function mailPhotoReminder(job: { userId: number }): Promise<'sent' | 'skipped'> {
  const s = await getSettings()
  const r = await recipientByUser(job.userId, s.online_window_seconds)
  if (!r || !mayEmail(r, 'reminders')) return 'skipped'
  if (await sentWithin(r.userId, 'reminders', '', 24 * 7)) return 'skipped'
  const [p] = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, r.profileId), isNull(profiles.mainImageId)))
  if (!p) return 'skipped'
  await sendNotificationEmail(r, 'reminders', { prefix: 'email.photoReminder', path: '/profile' })
  return 'sent'
}
