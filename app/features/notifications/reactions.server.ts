import type { JobRunner } from '#app/lib/jobs/job-runner.server'
import type { NewJob } from '#db/jobs.server'
import { getSettings } from '#app/features/settings/settings.server'
import { mailAboutLike } from './email/like-email.server'
import { mailAboutMessage, type MessageEmailJob } from './email/message-emails.server'
import {
  mailPhotoReminder,
  mailUnreadReminder,
  mailWeeklyUpdate,
  schedulePhotoReminders,
  scheduleUnreadReminders,
  scheduleWeeklyUpdates,
} from './email/digest-emails.server'
import { fanOutBroadcast, mailBroadcast } from './email/broadcast-emails.server'
import { mailComplaintOutcome, mailModerationDecision } from './email/moderation-emails.server'
import { mailPremiumEnded, type PremiumEndedJob } from './email/premium-emails.server'
import { announceAccountChange, announceActivation, announceLike, announceMatch, announceMessage, announceSessionsRevoked } from './live-fan-out.server'
import { pushNotify, type PushJob } from './push/push-notify.server'

const HOUR = 3600_000
const DAY = 24 * HOUR

// Read before each dispatch pass (the plans below run inside its transaction and may not query).
let emailDelayMs = 5 * 60_000
const loadEmailDelay = async () => {
  emailDelayMs = (await getSettings()).notification_email_delay_minutes * 60_000
}

// What a member is waiting for goes before the digests (which come in bulk, once a period).
const REALTIME = 10

const push = (job: PushJob): NewJob => ({ name: 'push.notify', payload: { ...job }, maxAttempts: 5, priority: REALTIME })
const messageMail = (job: MessageEmailJob): NewJob[] => [
  {
    name: 'email.message',
    payload: { ...job },
    // Messages of one conversation within the delay share one job, hence one e-mail at most.
    key: `email.message:${job.recipientId}:${job.conversationId}`,
    delayMs: emailDelayMs,
    maxAttempts: 5,
    priority: REALTIME,
  },
]

/**
 * Everything members hear about: each domain event's live fan-out (open sockets), pushes and e-mails, and the
 * recurring digests. Called once at start by server/startup.server.ts.
 */
export function registerNotifications(runner: JobRunner): void {
  runner
    .beforeDispatch(loadEmailDelay)
    .on('message.sent', {
      name: 'notify-message',
      live: announceMessage,
      orderKey: (e) => e.payload.conversationId,
      // No push job for a recipient without a push subscription (the event says so): most members have none, and
      // the job was three statements per message for nothing (issue 26).
      jobs: ({ payload: p }) =>
        p.delivered && p.push !== false ? [push({ kind: 'message', recipientId: p.recipientId, actorId: p.senderId, messageId: p.messageId })] : [],
    })
    // The first message of a conversation is mailed as new_conversations, later ones as new_messages. Its
    // conversation.started event is recorded before its message.sent, and the job key holds the first one.
    .on('conversation.started', {
      name: 'mail-new-conversation',
      jobs: ({ payload: p }) =>
        p.delivered ? messageMail({ type: 'new_conversations', conversationId: p.conversationId, senderId: p.senderId, recipientId: p.recipientId }) : [],
    })
    .on('message.sent', {
      name: 'mail-new-message',
      jobs: ({ payload: p }) =>
        p.delivered ? messageMail({ type: 'new_messages', conversationId: p.conversationId, senderId: p.senderId, recipientId: p.recipientId }) : [],
    })
    .on('like.given', {
      name: 'notify-like',
      live: announceLike,
      orderKey: (e) => e.payload.likedId,
      jobs: ({ payload: p }) => [
        // A like that makes a match is announced as the match.
        ...(p.match ? [] : [push({ kind: 'like', recipientId: p.likedId, actorId: p.likerId })]),
        {
          name: 'email.like',
          payload: { likerId: p.likerId, likedId: p.likedId },
          key: `email.like:${p.likedId}`,
          delayMs: emailDelayMs,
          maxAttempts: 5,
          priority: REALTIME,
        },
      ],
    })
    .on('match.made', {
      name: 'notify-match',
      live: announceMatch,
      orderKey: (e) => Math.min(...e.payload.profileIds),
      jobs: ({ payload: p }) => [
        push({ kind: 'match', recipientId: p.profileIds[0], actorId: p.profileIds[1] }),
        push({ kind: 'match', recipientId: p.profileIds[1], actorId: p.profileIds[0] }),
      ],
    })
    .on('account.activated', { name: 'notify-activation', live: announceActivation, orderKey: (e) => e.payload.profileId })
    .on('sessions.revoked', { name: 'close-revoked-sockets', live: announceSessionsRevoked, orderKey: (e) => e.payload.userId })
    .on('payment.completed', { name: 'announce-payment', live: announceAccountChange, orderKey: (e) => e.payload.userId })
    .on('payment.failed', { name: 'announce-payment-failed', live: announceAccountChange, orderKey: (e) => e.payload.userId })
    .on('payment.reversed', { name: 'announce-reversal', live: announceAccountChange, orderKey: (e) => e.payload.userId })
    .on('premium.ended', {
      name: 'mail-premium-ended',
      live: announceAccountChange,
      orderKey: (e) => e.payload.userId,
      jobs: ({ payload: p }) => [{ name: 'email.premium-ended', payload: { ...p }, key: `email.premium-ended:${p.paymentId}`, priority: REALTIME }],
    })
    // Moderation outcomes and statements of reasons (app/features/console/moderation), and complaint replies.
    .on('moderation.decided', {
      name: 'mail-moderation-decision',
      jobs: ({ payload: p }) => [
        { name: 'email.moderation-decision', payload: { decisionId: p.decisionId }, key: `email.moderation-decision:${p.decisionId}`, priority: REALTIME },
      ],
    })
    .on('complaint.closed', {
      name: 'mail-complaint-outcome',
      jobs: ({ payload: p }) => [
        { name: 'email.complaint-outcome', payload: { complaintId: p.complaintId }, key: `email.complaint-outcome:${p.complaintId}`, priority: REALTIME },
      ],
    })

  runner
    .defineJob('push.notify', async (p) => void (await pushNotify(p as unknown as PushJob)), { timeoutMs: 30_000 })
    .defineJob('email.message', async (p) => void (await mailAboutMessage(p as unknown as MessageEmailJob)))
    .defineJob('email.moderation-decision', async (p) => void (await mailModerationDecision(p as { decisionId: number })))
    .defineJob('email.premium-ended', async (p) => void (await mailPremiumEnded(p as PremiumEndedJob)))
    .defineJob('email.complaint-outcome', async (p) => void (await mailComplaintOutcome(p as { complaintId: number })))
    .defineJob('email.like', async (p) => void (await mailAboutLike(p as { likerId: number; likedId: number })))
    .defineJob('email.unread-reminder', async (p) => void (await mailUnreadReminder(p as { userId: number })))
    .defineJob('email.weekly-update', async (p) => void (await mailWeeklyUpdate(p as { userId: number })))
    .defineJob('email.photo-reminder', async (p) => void (await mailPhotoReminder(p as { userId: number })))
    .defineJob('email.broadcast', async (p) => void (await fanOutBroadcast(p as { broadcastId: number })), { timeoutMs: 10 * 60_000 })
    .defineJob('email.broadcast-one', async (p) => void (await mailBroadcast(p as { userId: number; broadcastId: number })))
    .defineJob('email.unread-reminders', async (p) => void (await scheduleUnreadReminders(String(p.period))), { timeoutMs: 10 * 60_000 })
    .defineJob('email.weekly-updates', async (p) => void (await scheduleWeeklyUpdates(String(p.period))), { timeoutMs: 10 * 60_000 })
    .defineJob('email.photo-reminders', async (p) => void (await schedulePhotoReminders(String(p.period))), { timeoutMs: 10 * 60_000 })
    // Digests start counting at the site's first start: nobody gets a "weekly update" the minute it opens.
    .every('email.unread-reminders', HOUR, { skipFirst: true })
    .every('email.photo-reminders', DAY, { skipFirst: true })
    .every('email.weekly-updates', 7 * DAY, { skipFirst: true })
}
