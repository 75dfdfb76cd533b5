import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { locales } from '#app/i18n/locales'
import { db } from '#db/client.server'
import { enqueueJobs } from '#db/jobs.server'
import { notificationBroadcasts } from '#db/schema/index'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { getSettings } from '#app/features/settings/settings.server'
import { sentWithin } from '../notification-log.server'
import { mayEmail, recipientByUser } from '../recipient.server'
import { fanOut } from './digest-emails.server'
import { sendNotificationEmail } from './send-notification-email.server'

const texts = z
  .object({ en: z.string().trim().min(1) })
  .catchall(z.string().trim())
  .refine((t) => Object.keys(t).every((k) => (locales as readonly string[]).includes(k)), 'unknown language')

/** What an operator writes: the type, a subject and a text per language (English required), the page to open. */
export const broadcastSchema = z.object({
  type: z.enum(['news', 'promotions']),
  subjects: texts.refine((t) => Object.values(t).every((v) => v.length <= 150), 'subject too long'),
  bodies: texts.refine((t) => Object.values(t).every((v) => v.length <= 5000), 'text too long'),
  path: z.string().regex(/^\/[\w\-/?=&.]*$/, 'a path on the site'),
})
export type Broadcast = z.infer<typeof broadcastSchema>

/**
 * Stores a news or promotions e-mail and schedules its sending to every member who opted in to the type (the
 * operator console calls this). Returns the broadcast's id.
 */
export async function scheduleBroadcast(input: Broadcast): Promise<number> {
  const b = broadcastSchema.parse(input)
  const id = await db().transaction(async (tx) => {
    const [row] = await tx.insert(notificationBroadcasts).values(b).returning({ id: notificationBroadcasts.id })
    await enqueueJobs(tx, [{ name: 'email.broadcast', payload: { broadcastId: row.id }, key: `email.broadcast:${row.id}`, maxAttempts: 3 }])
    return row.id
  })
  wakeJobRunner()
  return id
}

/** The fan-out: one job per member who may get e-mail (the per-member job checks the type's opt-in). */
export async function fanOutBroadcast(job: { broadcastId: number }): Promise<number> {
  return fanOut('email.broadcast-one', String(job.broadcastId), undefined, { broadcastId: job.broadcastId })
}

/** One member's copy, in their language (English when the operator wrote none for it), with its unsubscribe. */
export async function mailBroadcast(job: { userId: number; broadcastId: number }): Promise<'sent' | 'skipped'> {
  const [b] = await db().select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, job.broadcastId))
  if (!b) return 'skipped'
  const s = await getSettings()
  const r = await recipientByUser(job.userId, s.online_window_seconds)
  if (!r || !mayEmail(r, b.type)) return 'skipped'
  const ref = `broadcast:${b.id}`
  if (await sentWithin(r.userId, b.type, ref, 24 * 365)) return 'skipped'
  await sendNotificationEmail(r, b.type, {
    ref,
    prefix: 'email.broadcast',
    path: b.path,
    values: { subject: b.subjects[r.locale] || b.subjects.en, text: b.bodies[r.locale] || b.bodies.en },
  })
  return 'sent'
}
