import { eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { notificationSettings, users } from '#db/schema/index'
import { settingsFromRow, type DisabledReason, type EmailType, type NotificationSettings } from './preferences'

export async function getNotificationSettings(userId: number): Promise<NotificationSettings> {
  const [row] = await db()
    .select({ emailTypes: notificationSettings.emailTypes, pushEnabled: notificationSettings.pushEnabled, pushDiscreet: notificationSettings.pushDiscreet })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
  return settingsFromRow(row)
}

export async function saveNotificationSettings(userId: number, s: NotificationSettings): Promise<void> {
  const values = { emailTypes: [...new Set(s.emailTypes)], pushEnabled: s.pushEnabled, pushDiscreet: s.pushDiscreet, updatedAt: new Date() }
  await db()
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values })
}

/** One type off (the unsubscribe link of that type's e-mails); the others stay as they were. */
export async function unsubscribeEmailType(userId: number, type: EmailType): Promise<void> {
  const current = await getNotificationSettings(userId)
  await saveNotificationSettings(userId, { ...current, emailTypes: current.emailTypes.filter((t) => t !== type) })
}

/**
 * Switches every notification e-mail off for the account with this address (a bounce, a spam complaint or a mail
 * app's unsubscribe, spec section 4) and records why. Returns false when no account has the address.
 */
export async function disableNotificationsFor(email: string, reason: DisabledReason): Promise<boolean> {
  const rows = await db()
    .update(users)
    .set({ notificationsDisabled: sql`array(select distinct unnest(${users.notificationsDisabled} || array[${reason}]::text[]))` })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning({ id: users.id })
  return rows.length > 0
}

/** The member turns notifications back on (after confirming the address again when it had bounced). */
export async function enableNotifications(userId: number): Promise<void> {
  await db()
    .update(users)
    .set({ notificationsDisabled: sql`'{}'::text[]` })
    .where(eq(users.id, userId))
}

export async function notificationsDisabled(userId: number): Promise<string[]> {
  const [row] = await db().select({ v: users.notificationsDisabled }).from(users).where(eq(users.id, userId))
  return row?.v ?? []
}

export type { EmailType }
