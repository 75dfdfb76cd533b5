import { and, eq } from 'drizzle-orm'
import { isBlockedEitherWay } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { likes } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { sentWithin } from '../notification-log.server'
import { loadActor, mayEmail, recipientByProfile } from '../recipient.server'
import { emailProfile, sendNotificationEmail } from './send-notification-email.server'

/**
 * Runs a few minutes after a like: mails the liked member if the like still stands and is still unseen, they are
 * offline and want it, the liker is a real, listed member nobody blocked, and no like e-mail went out within
 * like_email_hours (likes that arrive meanwhile share this one e-mail).
 */
export async function mailAboutLike(job: { likerId: number; likedId: number }): Promise<'sent' | 'skipped'> {
  const s = await getSettings()
  const r = await recipientByProfile(job.likedId, s.online_window_seconds)
  if (!r || !mayEmail(r, 'like') || r.online) return 'skipped'
  const [like] = await db()
    .select({ isNew: likes.isNew })
    .from(likes)
    .where(and(eq(likes.likerId, job.likerId), eq(likes.likedId, job.likedId)))
  if (!like?.isNew) return 'skipped'
  if (await sentWithin(r.userId, 'like', '', s.like_email_hours)) return 'skipped'
  const liker = await loadActor(job.likerId)
  if (!liker || liker.isFictional || !liker.listed) return 'skipped'
  if (await isBlockedEitherWay(job.likedId, job.likerId)) return 'skipped'
  await sendNotificationEmail(r, 'like', {
    prefix: 'email.like',
    path: '/likes',
    values: { sender: liker.name, age: liker.age, place: liker.place },
    profiles: [await emailProfile(liker)],
  })
  return 'sent'
}
