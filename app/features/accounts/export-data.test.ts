import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
// The export gathers what other features stored; they are used here to store it the real way.

import { sendMessage } from '#app/features/chat/send-message.server'

import { likeProfile } from '#app/features/likes/likes.server'
import { blockMember } from '#app/features/safety/block.server'
import { db } from '#db/client.server'
import {
  blocks,
  directDebitMandates,
  interests,
  moderationDecisions,
  notificationSettings,
  payments,
  profileImages,
  profileInterests,
  profiles,
  pushSubscriptions,
  reports,
  users,
  loginKnownAddresses,
} from '#db/schema/index'
import { streamAccountExport } from './export-data.server'
import { createSession } from '#app/features/authentication/sessions.server'

useTestDatabase()

/** The streamed export read whole and parsed (the file a member downloads). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON file, checked field by field below
async function exportAccountData(userId: number): Promise<any> {
  const chunks = await streamAccountExport(userId)
  if (!chunks) return null
  let text = ''
  for await (const c of chunks) text += c
  return JSON.parse(text)
}

type Row = Record<string, unknown>

async function send(from: number, to: number, body: string) {
  const r = await sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })
  if (!r.ok) throw new Error(`send failed: ${r.error}`)
}

describe('exportAccountData', () => {
  it('contains the member’s account, profile, photos, messages both ways, likes and blocks', async () => {
    const me = await createMember({ email: 'me@example.com', name: 'Mira', country: 'DE' })
    const bert = await createMember({ email: 'bert.secret@example.com', name: 'Bertram', gender: 'male' })
    const carl = await createMember({ email: 'carl.secret@example.com', name: 'Carlos', gender: 'male' })
    const dan = await createMember({ email: 'dan.secret@example.com', name: 'Daniel', gender: 'male' })
    await db().update(profiles).set({ aboutMe: 'I like hiking', city: 'Berlin' }).where(eq(profiles.id, me.profileId))
    const [hiking] = await db().select().from(interests).limit(1)
    await db().insert(profileInterests).values({ profileId: me.profileId, interestId: hiking.id })
    const [photo] = await db()
      .insert(profileImages)
      .values({
        profileId: me.profileId,
        filename: 'me.webp',
        thumbFilename: 'me-t.webp',
        matchFilename: 'me-m.webp',
        blurredFilename: 'me-b.webp',
        status: 'active',
      })
      .returning({ id: profileImages.id })
    await db().insert(profileImages).values({
      profileId: bert.profileId,
      filename: 'bert.webp',
      thumbFilename: 'bert-t.webp',
      matchFilename: 'bert-m.webp',
      blurredFilename: 'bert-b.webp',
      status: 'active',
    })

    await send(me.profileId, bert.profileId, 'Hello Bertram')
    await send(bert.profileId, me.profileId, 'Hi Mira')
    await send(me.profileId, bert.profileId, 'How are you?')
    await send(carl.profileId, dan.profileId, 'not mine')
    await likeProfile(me.profileId, bert.profileId)
    await likeProfile(carl.profileId, me.profileId)
    await blockMember(me.profileId, dan.profileId)
    await createSession(me.userId, 'Test browser')

    const data = await exportAccountData(me.userId)
    expect(data).not.toBeNull()
    if (!data) return
    expect(data.account).toMatchObject({ email: 'me@example.com', status: 'active', language: 'en' })
    expect(data.profile).toMatchObject({ id: me.profileId, name: 'Mira', country: 'DE', city: 'Berlin', aboutMe: 'I like hiking', interests: [hiking.slug] })
    expect(data.photos).toEqual([expect.objectContaining({ id: photo.id, status: 'active', file: 'me.webp', url: `/photo/${photo.id}/full` })])

    expect(data.conversations).toHaveLength(1)
    expect(data.conversations[0].with_profile_id).toBe(bert.profileId)
    expect(data.messages.map((m: Row) => [m.from_me, m.body])).toEqual([
      [true, 'Hello Bertram'],
      [false, 'Hi Mira'],
      [true, 'How are you?'],
    ])
    expect(data.likes_given.map((l: Row) => l.profile_id)).toEqual([bert.profileId])
    expect(data.likes_received.map((l: Row) => l.profile_id)).toEqual([carl.profileId])
    expect(data.blocked_members.map((b: Row) => b.profile_id)).toEqual([dan.profileId])
    expect(data.sessions).toEqual([expect.objectContaining({ user_agent: 'Test browser' })])

    // Nothing of other members beyond their profile ids: no e-mail, no name, no photo, no password hash.
    const json = JSON.stringify(data)
    for (const secret of ['bert.secret@example.com', 'carl.secret@example.com', 'dan.secret@example.com', 'Carlos', 'Daniel', 'bert.webp', 'not mine']) {
      expect(json, secret).not.toContain(secret)
    }
    const [hash] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.id, me.userId))
    expect(json).not.toContain(hash.h)
    expect(json).not.toContain('argon2')
    expect(JSON.parse(json)).toBeTruthy()
  })

  it('has the payments, the direct-debit mandates masked, push subscriptions, reports, decisions and appeals, and consents', async () => {
    const me = await createMember({ email: 'payer@example.com' })
    const other = await createMember({ gender: 'male' })
    const [pay] = await db()
      .insert(payments)
      .values({
        userId: me.userId,
        bundleId: 'm',
        credits: 100,
        country: 'NL',
        currency: 'EUR',
        method: 'ideal',
        listPriceMinor: 1999,
        totalMinor: 1999,
        provider: 'sandbox',
        providerPaymentId: 'sbx_secret_ref',
        checkoutUrl: 'https://pay.example/sbx_secret_ref',
        status: 'paid',
        idempotencyKey: 'k1',
      })
      .returning({ id: payments.id })
    await db()
      .insert(directDebitMandates)
      .values({
        userId: me.userId,
        accountHolder: 'M. Payer',
        ibanPending: 'NL91ABNA0417164300',
        ibanLast4: '4300',
        ibanHash: 'f'.repeat(64),
        street: 'Damstraat',
        houseNumber: '1',
        zip: '1012AB',
        city: 'Amsterdam',
        phone: '+31612345678',
        phoneHash: 'e'.repeat(64),
        codeHash: 'c'.repeat(64),
      })
    await db()
      .insert(pushSubscriptions)
      .values({ userId: me.userId, endpoint: 'https://push.example.net/send/secret-capability-token', p256dh: 'p256dh-key-secret', auth: 'auth-secret' })
    await db().insert(reports).values({ reporterId: me.profileId, targetId: other.profileId, reason: 'spam', details: 'he spams' })
    // A report about me stays the reporter's.
    await db().insert(reports).values({ reporterId: other.profileId, targetId: me.profileId, reason: 'fake_profile', details: 'reporter-private-words' })
    await db().insert(moderationDecisions).values({
      userId: me.userId,
      profileId: me.profileId,
      source: 'report',
      contentType: 'profile',
      action: 'warning',
      reason: 'other',
      note: 'operator-internal-note',
      decidedBy: 1,
      decidedByName: 'Operator Olga',
      appealText: 'I did nothing wrong',
      appealedAt: new Date(),
    })
    await db()
      .insert(notificationSettings)
      .values({ userId: me.userId, emailTypes: ['message'], pushEnabled: false, pushDiscreet: true })
    await db()
      .insert(loginKnownAddresses)
      .values({ subject: `account:${me.userId}`, address: '198.51.100.7' })

    const data = await exportAccountData(me.userId)
    expect(data.login_addresses).toEqual([expect.objectContaining({ address: '198.51.100.7' })])
    expect(data.account).toMatchObject({ two_factor_enabled_at: null })
    expect(data.payments).toEqual([expect.objectContaining({ id: pay.id, bundle: 'm', credits: 100, total_minor: 1999, status: 'paid', method: 'ideal' })])
    expect(data.direct_debit_mandates).toEqual([expect.objectContaining({ account_holder: 'M. Payer', iban: '…4300', phone: '+31 … 78', city: 'Amsterdam' })])
    expect(data.push_subscriptions).toEqual([expect.objectContaining({ push_service: 'https://push.example.net' })])
    expect(data.reports).toEqual([expect.objectContaining({ profile_id: other.profileId, reason: 'spam', details: 'he spams' })])
    expect(data.moderation_decisions).toEqual([expect.objectContaining({ action: 'warning', appeal_text: 'I did nothing wrong' })])
    expect(data.consents).toEqual({
      notifications: expect.objectContaining({ email_types: ['message'], push_enabled: false, push_discreet: true }),
      notifications_disabled: [],
    })
    // Secrets and other people's words stay out.
    const json = JSON.stringify(data)
    for (const secret of [
      'NL91ABNA0417164300',
      '612345678',
      'f'.repeat(64),
      'c'.repeat(64),
      'secret-capability-token',
      'p256dh-key-secret',
      'auth-secret',
      'sbx_secret_ref',
      'reporter-private-words',
      'operator-internal-note',
      'Operator Olga',
    ]) {
      expect(json, secret).not.toContain(secret)
    }
  })

  it("leaves out the partner's held messages, and the partner's side once they block the member or are banned", async () => {
    const me = await createMember({ credits: 50 })
    const held = await createMember({ gender: 'male', status: 'not_confirmed', credits: 50 })
    const blocker = await createMember({ gender: 'male', credits: 50 })
    const banned = await createMember({ gender: 'male', credits: 50 })
    // An unconfirmed member's message is stored and held: the member has not been allowed to see it.
    await send(held.profileId, me.profileId, 'held-back words')
    await send(me.profileId, blocker.profileId, 'mine to blocker')
    await send(blocker.profileId, me.profileId, 'blocker-words')
    await send(me.profileId, banned.profileId, 'mine to banned')
    await send(banned.profileId, me.profileId, 'banned-words')
    const before = await exportAccountData(me.userId)
    expect(before.messages.map((m: Row) => m.body).sort()).toEqual(['banned-words', 'blocker-words', 'mine to banned', 'mine to blocker'])

    await db().insert(blocks).values({ blockerId: blocker.profileId, blockedId: me.profileId })
    // What a ban does to the profile (restrictAccount).
    await db().update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, banned.profileId))
    const after = await exportAccountData(me.userId)
    expect(after.messages.map((m: Row) => m.body).sort()).toEqual(['mine to banned', 'mine to blocker'])
    // The held messages are still their sender's: in the sender's own export.
    expect((await exportAccountData(held.userId)).messages.map((m: Row) => m.body)).toEqual(['held-back words'])
  })

  it('answers null for an unknown account', async () => {
    expect(await exportAccountData(987_654)).toBeNull()
  })
})
