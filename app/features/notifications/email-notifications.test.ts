import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setMailer } from '#app/adapters/mail/index.server'
import { createSmtpMailer } from '#app/adapters/mail/smtp-mailer.server'
import { serverIntl } from '#app/i18n/translate.server'
import { db } from '#db/client.server'
import { conversations, profileImages, profiles, users } from '#db/schema/index'
import { createFictional, createMember } from '../../../tests/setup/factories'
import { parseMail, useSmtpServer } from '../../../tests/setup/smtp'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { testJobRunner } from '../../../tests/setup/job-runner'
import { markConversationRead } from '#app/features/chat/receipts.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { likeProfile } from '#app/features/likes/likes.server'
import { blockMember } from '#app/features/safety/block.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { disableNotificationsFor, getNotificationSettings, saveNotificationSettings } from './preferences.server'
import { unsubscribeByToken } from './unsubscribe.server'

useTestDatabase()
const smtp = useSmtpServer()
const runner = testJobRunner()

beforeEach(async () => {
  setMailer(createSmtpMailer(smtp.url(), 'no-reply@example.com'))
  // No waiting in tests: reactions' e-mail jobs are due at once.
  await updateSetting('notification_email_delay_minutes', 0)
})
afterEach(() => setMailer(undefined))

const say = (from: number, to: number, body = 'Hello there') => sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })
const mails = () => smtp.inbox.map((m) => ({ ...parseMail(m.raw), to: m.to[0] }))

async function pair(opts: { language?: string } = {}) {
  const anna = await createMember({ name: 'Anna' })
  const ben = await createMember({ name: 'Ben', gender: 'male', email: `ben-${Date.now()}@example.com` })
  if (opts.language) await db().update(users).set({ language: opts.language }).where(eq(users.id, ben.userId))
  return { anna, ben }
}

describe('e-mail notifications, through a real SMTP server', () => {
  it('new conversation: one e-mail in the recipient language, with one-click unsubscribe headers; further messages are throttled', async () => {
    const { anna, ben } = await pair({ language: 'de' })
    await say(anna.profileId, ben.profileId)
    await say(anna.profileId, ben.profileId, 'Are you there?')
    await runner.drain()
    const got = mails()
    expect(got).toHaveLength(1)
    const [m] = got
    expect(m.to).toBe(ben.email)
    const de = serverIntl('de').formatMessage({ id: 'email.newConversation.subject' }, { sender: 'Anna', site: 'Amoura' })
    expect(m.subject).toBe(de)
    expect(de).not.toBe(serverIntl('en').formatMessage({ id: 'email.newConversation.subject' }, { sender: 'Anna', site: 'Amoura' }))
    // The message text is never in the e-mail.
    expect(m.text).not.toContain('Hello there')
    expect(m.text).toMatch(/\/chats\/\d+/)
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = /<([^>]+)>/.exec(m.headers['list-unsubscribe'])![1]
    expect(m.text).toContain(unsubscribe)

    // Later messages of the same conversation within new_messages_email_hours: no more e-mail.
    await say(anna.profileId, ben.profileId, 'Third')
    await runner.drain()
    expect(mails()).toHaveLength(1)

    // The link's one click turns off that type only.
    expect(await unsubscribeByToken(new URL(unsubscribe).searchParams.get('token'))).toBe('new_conversations')
    expect((await getNotificationSettings(ben.userId)).emailTypes).not.toContain('new_conversations')
    expect((await getNotificationSettings(ben.userId)).emailTypes).toContain('new_messages')
    expect(await unsubscribeByToken(new URL(unsubscribe).searchParams.get('token') + 'x')).toBeNull()
  })

  it('new_messages: after the throttle window another e-mail comes, with the unread count', async () => {
    const { anna, ben } = await pair()
    await say(anna.profileId, ben.profileId)
    await runner.drain()
    await db().execute(sql`update notification_log set sent_at = now() - interval '4 hours'`)
    await say(anna.profileId, ben.profileId, 'Second')
    await runner.drain()
    const got = mails()
    expect(got.map((m) => m.subject)).toEqual(['Anna wrote to you on Amoura', 'New message from Anna'])
    expect(got[1].text).toContain('You have 2 unread messages from Anna.')
  })

  it('sends nothing when the message was read meanwhile, the member is online, blocked the sender, turned the type off, or mail bounced', async () => {
    const cases: ((ids: Awaited<ReturnType<typeof pair>>, conversationId: () => Promise<number>) => Promise<void>)[] = [
      async ({ ben }, conv) => markConversationRead(await conv(), ben.profileId),
      async ({ ben }) =>
        void (await db()
          .update(users)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(users.id, ben.userId))),
      async ({ anna, ben }) => void (await blockMember(ben.profileId, anna.profileId)),
      async ({ ben }) => saveNotificationSettings(ben.userId, { ...(await getNotificationSettings(ben.userId)), emailTypes: ['like'] }),
      async ({ ben }) => void (await disableNotificationsFor(ben.email, 'bounce')),
    ]
    for (const apply of cases) {
      const ids = await pair()
      await say(ids.anna.profileId, ids.ben.profileId)
      const conv = async () =>
        (
          await db()
            .select({ id: conversations.id })
            .from(conversations)
            .orderBy(sql`id desc`)
            .limit(1)
        )[0].id
      await apply(ids, conv)
      await runner.drain()
    }
    expect(mails()).toEqual([])
  })

  it('never mails an unconfirmed member, and never about a fictional profile', async () => {
    const { anna } = await pair()
    const newbie = await createMember({ name: 'Nora', status: 'not_confirmed', gender: 'male' })
    await say(anna.profileId, newbie.profileId)
    const fictional = await createFictional({ gender: 'male' })
    await db().execute(sql`insert into likes (liker_id, liked_id) values (${fictional.profileId}, ${anna.profileId})`)
    await runner.drain()
    expect(mails()).toEqual([])
  })

  it('like: one e-mail for several likes within the window, naming the liker, with the photo', async () => {
    const { anna, ben } = await pair()
    const carl = await createMember({ name: 'Carl' })
    const [img] = await db()
      .insert(profileImages)
      .values({
        profileId: anna.profileId,
        filename: 'a.webp',
        thumbFilename: 'a-thumb.webp',
        matchFilename: 'a-match.webp',
        blurredFilename: 'a-blur.webp',
        status: 'active',
      })
      .returning({ id: profileImages.id })
    await db().update(profiles).set({ mainImageId: img.id }).where(eq(profiles.id, anna.profileId))
    await likeProfile(anna.profileId, ben.profileId)
    await likeProfile(carl.profileId, ben.profileId)
    await runner.drain()
    const got = mails()
    expect(got).toHaveLength(1)
    expect(got[0].subject).toBe('Anna likes you')
    expect(got[0].html).toContain('/media/a-thumb.webp')
  })

  it('unread reminder, weekly update and photo reminder come from their recurring jobs', async () => {
    const { anna, ben } = await pair()
    await say(anna.profileId, ben.profileId)
    await runner.drain()
    smtp.inbox.length = 0
    // A day later the message is still unread; Ben signed up days ago and has no photo; Anna is new near him.
    await db().execute(sql`update conversations set last_message_at = now() - interval '25 hours'`)
    await db().execute(sql`update notification_log set sent_at = now() - interval '25 hours'`)
    await db()
      .update(users)
      .set({ signupDate: sql`now() - interval '3 days'` })
      .where(eq(users.id, ben.userId))
    await createFictional({ name: 'Fiona' })
    const { scheduleUnreadReminders, scheduleWeeklyUpdates, schedulePhotoReminders } = await import('./email/digest-emails.server')
    expect(await scheduleUnreadReminders('p1')).toBe(1)
    expect(await scheduleWeeklyUpdates('p1')).toBe(2)
    expect(await schedulePhotoReminders('p1')).toBe(1)
    await runner.drain()
    const got = mails().filter((m) => m.to === ben.email)
    expect(got.map((m) => m.subject).sort()).toEqual(['Add a photo to your profile', 'New members near you this week', 'You have an unread message'])
    const weekly = got.find((m) => m.subject === 'New members near you this week')!
    expect(weekly.text).toContain('Anna')
    expect(weekly.text).not.toContain('Fiona')
    // A second run (another process, a retry) mails nobody twice: the throttles hold.
    await scheduleUnreadReminders('p2')
    await scheduleWeeklyUpdates('p2')
    await schedulePhotoReminders('p2')
    await runner.drain()
    expect(mails().filter((m) => m.to === ben.email)).toHaveLength(3)
  })

  it('news and promotions go only to members who opted in, in their language, each once', async () => {
    const { anna, ben } = await pair({ language: 'de' })
    await saveNotificationSettings(ben.userId, { ...(await getNotificationSettings(ben.userId)), emailTypes: ['news'] })
    const { scheduleBroadcast, fanOutBroadcast } = await import('./email/broadcast-emails.server')
    const id = await scheduleBroadcast({
      type: 'news',
      subjects: { en: 'Our new app', de: 'Unsere neue App' },
      bodies: { en: 'It is here.', de: 'Sie ist da.' },
      path: '/members',
    })
    await runner.drain()
    const got = mails()
    expect(got.map((m) => m.to)).toEqual([ben.email])
    expect(got[0].subject).toBe('Unsere neue App')
    expect(got[0].text).toContain('Sie ist da.')
    expect(got[0].text).toMatch(/\/members/)
    expect(got[0].headers['list-unsubscribe']).toContain('/unsubscribe?token=')
    expect(anna.email).not.toBe(ben.email)
    // Scheduling the same broadcast's fan-out again (a retry) mails nobody twice.
    await fanOutBroadcast({ broadcastId: id })
    await runner.drain()
    expect(mails()).toHaveLength(1)
    await expect(scheduleBroadcast({ type: 'news', subjects: { en: '' }, bodies: { en: 'x' }, path: '/members' })).rejects.toThrow()
  })
})
