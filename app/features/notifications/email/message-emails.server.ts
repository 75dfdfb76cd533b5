import { and, eq } from 'drizzle-orm'
import { isBlockedEitherWay } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { conversationMembers } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { sentWithin } from '../notification-log.server'
import { loadActor, mayEmail, recipientByProfile } from '../recipient.server'
import { emailProfile, sendNotificationEmail } from './send-notification-email.server'

export interface MessageEmailJob {
  type: 'new_conversations' | 'new_messages'
  conversationId: number
  senderId: number
  recipientId: number
}

/**
 * Runs a few minutes after a message (notification_email_delay_minutes): mails the recipient only if the message
 * is still unread, they are not online, they want this type, nobody blocked anybody, and (for new_messages) no
 * such e-mail about this conversation went out within new_messages_email_hours.
 */
export async function mailAboutMessage(job: MessageEmailJob): Promise<'sent' | 'skipped'> {
  const s = await getSettings()
  const r = await recipientByProfile(job.recipientId, s.online_window_seconds)
  if (!r || !mayEmail(r, job.type) || r.online) return 'skipped'
  const [member] = await db()
    .select({ unread: conversationMembers.unreadCount, hidden: conversationMembers.hidden })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, job.conversationId), eq(conversationMembers.profileId, job.recipientId)))
  if (!member || member.hidden || member.unread === 0) return 'skipped'
  const ref = `conversation:${job.conversationId}`
  // One throttle per conversation for both types: the e-mail about a new conversation opens its window too.
  if (await sentWithin(r.userId, ['new_messages', 'new_conversations'], ref, s.new_messages_email_hours)) return 'skipped'
  const sender = await loadActor(job.senderId)
  if (!sender || sender.isFictional || !sender.listed) return 'skipped'
  if (await isBlockedEitherWay(job.recipientId, job.senderId)) return 'skipped'
  await sendNotificationEmail(r, job.type, {
    ref,
    prefix: job.type === 'new_conversations' ? 'email.newConversation' : 'email.newMessages',
    path: `/chats/${job.conversationId}`,
    values: { sender: sender.name, age: sender.age, place: sender.place, count: member.unread },
    profiles: [await emailProfile(sender)],
  })
  return 'sent'
}
