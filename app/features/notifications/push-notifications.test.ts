import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { jobs, pushSubscriptions } from '#db/schema/index'
import { createMember } from '../../../tests/setup/factories'
import { startPushService, type PushService } from '../../../tests/setup/push-service'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { testJobRunner } from '../../../tests/setup/job-runner'
import { sendMessage } from '#app/features/chat/send-message.server'
import { likeProfile } from '#app/features/likes/likes.server'
import { getNotificationSettings, saveNotificationSettings } from './preferences.server'
import { setPushTransport } from './push/push-notify.server'
import { savePushSubscription } from './push-subscriptions.server'
import { createSession, destroyAllSessions, destroySession, sessionIdOf } from '#app/features/authentication/sessions.server'
import { changePassword } from '#app/features/accounts/change-account.server'

useTestDatabase()
const runner = testJobRunner()
let service: PushService

beforeAll(async () => {
  service = await startPushService()
  setPushTransport({ agent: service.agent, allowPrivateAddresses: true })
})
afterAll(async () => {
  setPushTransport({})
  await service.close()
})
beforeEach(() => service.reset())

async function subscribed(name: string, gender: 'male' | 'female' = 'female') {
  const m = await createMember({ name, gender })
  const sub = service.subscribe()
  await savePushSubscription(m.userId, sessionIdOf(await createSession(m.userId))!, sub)
  return { ...m, endpoint: sub.endpoint }
}

describe('Web Push notifications, through a local push service that checks VAPID and decrypts', () => {
  it('a new message: the recipient gets the sender and the text, and a click opens the conversation', async () => {
    const anna = await createMember({ name: 'Anna' })
    const ben = await subscribed('Ben', 'male')
    const r = await sendMessage({ senderId: anna.profileId, toProfileId: ben.profileId, clientId: crypto.randomUUID(), body: 'Coffee tomorrow?' })
    await runner.drain()
    expect(service.received).toHaveLength(1)
    const [push] = service.received
    expect(push.endpoint).toBe(ben.endpoint)
    expect(push.urgency).toBe('high')
    expect(push.payload).toEqual({
      title: 'Anna sent you a message',
      body: 'Coffee tomorrow?',
      tag: `conversation-${r.ok && r.message.conversationId}`,
      target: `/chats/${r.ok && r.message.conversationId}`,
      open: '/login',
    })
  })

  it('a message schedules a push job only when the recipient has a push subscription', async () => {
    const anna = await createMember({ name: 'Anna' })
    const carl = await createMember({ name: 'Carl', gender: 'male' })
    const ben = await subscribed('Ben', 'male')
    for (const to of [carl, ben]) await sendMessage({ senderId: anna.profileId, toProfileId: to.profileId, clientId: crypto.randomUUID(), body: 'Hi' })
    await runner.dispatchAll()
    const pushJobs = await db().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, 'push.notify'))
    expect(pushJobs.map((j) => (j.payload as { recipientId: number }).recipientId)).toEqual([ben.profileId])
    await runner.drain()
    expect(service.received.map((p) => p.endpoint)).toEqual([ben.endpoint])
  })

  it('discreet pushes name nobody and quote nothing; pushes off sends none', async () => {
    const anna = await createMember({ name: 'Anna' })
    const ben = await subscribed('Ben', 'male')
    await saveNotificationSettings(ben.userId, { ...(await getNotificationSettings(ben.userId)), pushDiscreet: true })
    await sendMessage({ senderId: anna.profileId, toProfileId: ben.profileId, clientId: crypto.randomUUID(), body: 'Secret' })
    await runner.drain()
    expect(service.received.map((p) => p.payload)).toMatchObject([{ title: 'New message', body: 'You have a new message on Amoura.' }])
    expect(JSON.stringify(service.received[0].payload)).not.toMatch(/Anna|Secret/)

    await saveNotificationSettings(ben.userId, { ...(await getNotificationSettings(ben.userId)), pushEnabled: false })
    await sendMessage({ senderId: anna.profileId, toProfileId: ben.profileId, clientId: crypto.randomUUID(), body: 'Again' })
    await runner.drain()
    expect(service.received).toHaveLength(1)
  })

  it('a like, then a like back: a like push, then a match push to both', async () => {
    const anna = await subscribed('Anna')
    const ben = await subscribed('Ben', 'male')
    await likeProfile(anna.profileId, ben.profileId)
    await runner.drain()
    expect(service.received.map((p) => [p.endpoint, (p.payload as { title: string }).title])).toEqual([[ben.endpoint, 'Anna likes you']])
    await likeProfile(ben.profileId, anna.profileId)
    await runner.drain()
    expect(
      service.received
        .slice(1)
        .map((p) => [p.endpoint, (p.payload as { title: string }).title])
        .sort(),
    ).toEqual(
      [
        [anna.endpoint, "It's a match with Ben!"],
        [ben.endpoint, "It's a match with Anna!"],
      ].sort(),
    )
  })

  it('forgets a subscription the push service answers 410 for, and retries one answered 503', async () => {
    const anna = await createMember({ name: 'Anna' })
    const ben = await subscribed('Ben', 'male')
    service.answerWith(ben.endpoint, { status: 410 })
    await sendMessage({ senderId: anna.profileId, toProfileId: ben.profileId, clientId: crypto.randomUUID(), body: 'Hi' })
    await runner.drain()
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ben.userId))).toEqual([])

    const carl = await subscribed('Carl', 'male')
    service.answerWith(carl.endpoint, { status: 503 })
    await sendMessage({ senderId: anna.profileId, toProfileId: carl.profileId, clientId: crypto.randomUUID(), body: 'Hi' })
    await runner.drain()
    // The job waits for its retry: the push service was down, nothing is lost.
    const [job] = await db().select({ attempts: jobs.attempts, status: jobs.status }).from(jobs).where(eq(jobs.name, 'push.notify'))
    expect(job).toMatchObject({ attempts: 1, status: 'pending' })
  })
})

describe('a push subscription ends with the session that registered it', () => {
  it('someone who once held the session stops receiving the member’s messages after logout, "log out everywhere" or a password change', async () => {
    const anna = await createMember({ name: 'Anna' })
    const ben = await createMember({ name: 'Ben', gender: 'male', password: 'old-password-1' })
    // Ben's own browser, and a stolen session that registered a push endpoint of the thief's.
    const own = await createSession(ben.userId)
    const stolen = await createSession(ben.userId)
    const thief = service.subscribe()
    await savePushSubscription(ben.userId, sessionIdOf(stolen)!, thief)
    const mine = service.subscribe()
    await savePushSubscription(ben.userId, sessionIdOf(own)!, mine)

    // Ben changes his password, keeping his own session: every other session ends, and its pushes with it.
    expect(await changePassword(ben.userId, 'old-password-1', 'new-password-2', sessionIdOf(own)!)).toBe('ok')
    await sendMessage({ senderId: anna.profileId, toProfileId: ben.profileId, clientId: crypto.randomUUID(), body: 'Only for Ben' })
    await runner.drain()
    expect(service.received.map((p) => p.endpoint)).toEqual([mine.endpoint])

    // Logging out ends his own browser's pushes too.
    await destroySession(own)
    expect(await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, ben.userId))).toEqual([])
  })

  it('"log out everywhere" ends every subscription of the member', async () => {
    const m = await createMember({ name: 'Cleo' })
    for (let i = 0; i < 3; i++) await savePushSubscription(m.userId, sessionIdOf(await createSession(m.userId))!, service.subscribe())
    await destroyAllSessions(m.userId)
    expect(await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.userId))).toEqual([])
  })
})
