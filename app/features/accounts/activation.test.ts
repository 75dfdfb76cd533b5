import fs from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { IntlMessageFormat } from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { captureMail, expectedBaseUrl, linkToken } from '../../../tests/setup/mail'
import { bus } from '#app/adapters/bus/index.server'
// The chat side of activation (held-back messages) is part of what activation does, so this test reaches into it.

import { profileTopic, type ServerEvent } from '#app/features/chat/chat-events'

import { listChats, listMessages } from '#app/features/chat/conversations.server'

import { sendMessage } from '#app/features/chat/send-message.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { serverIntl } from '#app/i18n/translate.server'
import { canContact } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { accountTokens, conversationMembers, creditLedger, messages, profiles, users } from '#db/schema/index'
import { activateAccount, resendActivation } from './activation.server'
import { liftExpiredRestriction, restrictAccount } from '#app/features/console/moderation/decisions.server'
import { login } from '#app/features/authentication/login.server'
import { signup } from './signup.server'
import { getBadgeCounts } from '#app/features/authentication/viewer.server'
import { useJobRunner } from '../../../tests/setup/job-runner'

useTestDatabase()
useJobRunner()
const sent = captureMail()

let n = 0
function input(over: Partial<Parameters<typeof signup>[0]> = {}): Parameters<typeof signup>[0] {
  n += 1
  return {
    email: `newbie${n}@example.com`,
    name: 'Nina',
    password: 'secret-pass-1',
    date_of_birth: '1990-02-03',
    gender: 'female',
    looking_for: 'male',
    country: 'NL',
    language: 'en',
    ...over,
  }
}

async function signedUp(over: Partial<Parameters<typeof signup>[0]> = {}) {
  const r = await signup(input(over))
  if (!r.ok) throw new Error(`signup failed: ${r.error}`)
  return r
}

async function userRow(userId: number) {
  const [u] = await db().select().from(users).where(eq(users.id, userId))
  return u
}

async function profileStatus(profileId: number) {
  const [p] = await db().select({ status: profiles.status }).from(profiles).where(eq(profiles.id, profileId))
  return p.status
}

const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms))
/** Waits for the job runner's live delivery (a moment after the commit), up to 5 s. */
async function until(cond: () => boolean) {
  for (let i = 0; i < 250 && !cond(); i++) await tick(20)
}

describe('signup and the activation e-mail', () => {
  it('creates a not_confirmed account with a disabled profile and sends one activation e-mail', async () => {
    const r = await signedUp({ email: 'Fresh@Example.com', name: 'Frieda' })
    const u = await userRow(r.userId)
    expect(u.status).toBe('not_confirmed')
    expect(u.confirmedAt).toBeNull()
    expect(await profileStatus(r.profileId)).toBe('disabled')

    expect(sent).toHaveLength(1)
    const m = sent[0]
    expect(m.to).toBe('Fresh@Example.com')
    expect(m.kind).toBe('activation')
    expect(m.subject).toBe(`Confirm your e-mail address for ${defaultSettings.mail_name}`)
    expect(m.text).toContain('Hi Frieda,')
    // The same link in the HTML and in the text part, built from PUBLIC_URL.
    const token = linkToken(m.text, '/activate')
    expect(linkToken(m.html, '/activate')).toBe(token)
    expect(m.html).toContain(`href="${expectedBaseUrl()}/activate?token=${token}"`)
    // Only the token's hash is stored.
    const rows = await db().select().from(accountTokens).where(eq(accountTokens.userId, r.userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ purpose: 'activation', usedAt: null })
    expect(rows[0].tokenHash).not.toBe(token)
  })

  it('writes the e-mail in the member’s language', async () => {
    await signedUp({ language: 'de' })
    expect(sent).toHaveLength(1)
    expect(sent[0].html).toContain('<html lang="de">')
    expect(sent[0].subject).toBe(serverIntl('de').formatMessage({ id: 'email.activation.subject' }, { site: defaultSettings.mail_name }))
    await signedUp({ language: 'en' })
    expect(sent[1].html).toContain('<html lang="en">')
  })

  const de = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../i18n/locales/de.json'), 'utf8')) as Record<string, string>
  it('uses the German subject of de.json for a German member', async () => {
    expect(de['email.activation.subject'], 'de.json lacks email.activation.subject').toBeTypeOf('string')
    await signedUp({ language: 'de' })
    const expected = new IntlMessageFormat(de['email.activation.subject'], 'de').format({ site: defaultSettings.mail_name })
    expect(sent[0].subject).toBe(expected)
    expect(sent[0].subject).not.toBe(`Confirm your e-mail address for ${defaultSettings.mail_name}`)
  })
})

describe('activateAccount', () => {
  it('activates the account and the profile, once', async () => {
    const r = await signedUp()
    const token = linkToken(sent[0].text, '/activate')
    expect(await activateAccount(token)).toEqual({ ok: true, userId: r.userId })
    const u = await userRow(r.userId)
    expect(u.status).toBe('active')
    expect(u.confirmedAt).toBeInstanceOf(Date)
    expect(await profileStatus(r.profileId)).toBe('active')

    // Single use: the same link fails the second time.
    expect(await activateAccount(token)).toEqual({ ok: false })
  })

  it('grants signup_credits once, on the ledger, when the account is activated', async () => {
    await updateSetting('signup_credits', 15)
    const r = await signedUp()
    expect((await userRow(r.userId)).credits).toBe(0)
    await activateAccount(linkToken(sent[0].text, '/activate'))
    expect((await userRow(r.userId)).credits).toBe(15)
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, r.userId))
    expect(rows).toMatchObject([{ delta: 15, reason: 'signup_bonus', idempotencyKey: `signup_bonus:${r.userId}` }])
  })

  it('refuses unknown, empty and expired tokens and leaves the account unconfirmed', async () => {
    const r = await signedUp()
    const token = linkToken(sent[0].text, '/activate')
    expect(await activateAccount(null)).toEqual({ ok: false })
    expect(await activateAccount('')).toEqual({ ok: false })
    expect(await activateAccount(`${token}x`)).toEqual({ ok: false })
    expect(await activateAccount('x'.repeat(500))).toEqual({ ok: false })

    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.userId, r.userId))
    expect(await activateAccount(token)).toEqual({ ok: false })
    expect((await userRow(r.userId)).status).toBe('not_confirmed')
    expect(await profileStatus(r.profileId)).toBe('disabled')
  })

  it('accepts an activation link only for activation (not a password-reset token)', async () => {
    const r = await signedUp()
    const token = linkToken(sent[0].text, '/activate')
    await db().update(accountTokens).set({ purpose: 'password_reset' }).where(eq(accountTokens.userId, r.userId))
    expect(await activateAccount(token)).toEqual({ ok: false })
    expect((await userRow(r.userId)).status).toBe('not_confirmed')
  })
})

// Issue 24, point 8: a member banned or suspended before confirming came back listed by following the activation link.
describe('activation of a banned or suspended member', () => {
  const restrict = (userId: number, profileId: number, until: Date | null, decisionId = 9001) =>
    db().transaction((tx) => restrictAccount(tx, { userId, profileId, decisionId, until }))

  it('confirms the address of a banned member and lifts nothing: the profile stays hidden, the login refused', async () => {
    const r = await signedUp({ email: 'banned-newbie@example.com' })
    await restrict(r.userId, r.profileId, null)
    expect(await activateAccount(linkToken(sent[0].text, '/activate'))).toEqual({ ok: true, userId: r.userId })
    expect((await userRow(r.userId)).confirmedAt).toBeInstanceOf(Date)
    expect(await profileStatus(r.profileId)).toBe('disabled')
    expect(await login('banned-newbie@example.com', 'secret-pass-1', '10.8.0.1')).toEqual({ ok: false, error: 'banned' })
  })

  it("keeps a running suspension, and the suspension's end lists the confirmed profile", async () => {
    const r = await signedUp()
    await restrict(r.userId, r.profileId, new Date(Date.now() + 3_600_000), 9002)
    expect((await activateAccount(linkToken(sent[0].text, '/activate'))).ok).toBe(true)
    expect(await profileStatus(r.profileId)).toBe('disabled')
    // The suspension ran out: the job lifts it, and the member is listed as any confirmed member.
    await db().execute(sql`update account_restrictions set until = now() - interval '1 second' where user_id = ${r.userId}`)
    expect(await liftExpiredRestriction({ userId: r.userId, decisionId: 9002 })).toBe(true)
    expect(await profileStatus(r.profileId)).toBe('active')
  })
})

describe('messages of an unconfirmed member', () => {
  it('are held back until activation, then delivered and counted', async () => {
    const newbie = await signedUp({ name: 'Nora' })
    const partner = await createMember({ gender: 'male', name: 'Paul' })
    const toPartner: ServerEvent[] = []
    const toNewbie: ServerEvent[] = []
    const unsubs = [
      await bus().subscribe(profileTopic(partner.profileId), (e) => toPartner.push(e as ServerEvent)),
      await bus().subscribe(profileTopic(newbie.profileId), (e) => toNewbie.push(e as ServerEvent)),
    ]
    try {
      const first = await sendMessage({ senderId: newbie.profileId, toProfileId: partner.profileId, clientId: crypto.randomUUID(), body: 'Hi Paul' })
      const second = await sendMessage({ senderId: newbie.profileId, toProfileId: partner.profileId, clientId: crypto.randomUUID(), body: 'Still there?' })
      if (!first.ok || !second.ok) throw new Error('send failed')
      expect(first.undelivered).toBe(true)
      expect(second.undelivered).toBe(true)
      const conv = first.message.conversationId

      // Stored, but not delivered.
      const stored = await db().select({ delivered: messages.delivered }).from(messages).where(eq(messages.conversationId, conv))
      expect(stored).toEqual([{ delivered: false }, { delivered: false }])
      // The partner sees nothing: no chat, no unread count, no messages, no event.
      expect(await listChats(partner.profileId)).toEqual([])
      expect((await getBadgeCounts(partner.profileId)).unread).toBe(0)
      const [member] = await db()
        .select({ unread: conversationMembers.unreadCount, hidden: conversationMembers.hidden })
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, conv), eq(conversationMembers.profileId, partner.profileId)))
      expect(member).toEqual({ unread: 0, hidden: true })
      expect(await listMessages(conv, partner.profileId)).toEqual([])
      // The sender sees their own messages, in their own chat list, and gets their own echo.
      expect((await listMessages(conv, newbie.profileId)).map((m) => m.body)).toEqual(['Hi Paul', 'Still there?'])
      expect((await listChats(newbie.profileId)).map((c) => c.profile.id)).toEqual([partner.profileId])
      await until(() => toNewbie.filter((e) => e.type === 'message').length >= 2)
      await tick(100)
      expect(toNewbie.filter((e) => e.type === 'message')).toHaveLength(2)
      expect(toPartner).toEqual([])

      // The partner cannot reply while the address is unconfirmed (the profile is not even visible yet).
      const contact = await canContact(partner.profileId, newbie.profileId)
      expect(contact.ok).toBe(false)
      const reply = await sendMessage({ senderId: partner.profileId, toProfileId: newbie.profileId, clientId: crypto.randomUUID(), body: 'Hello?' })
      expect(reply.ok).toBe(false)

      // Activation delivers what was held back, counts it as unread and shows the conversation.
      expect((await activateAccount(linkToken(sent[0].text, '/activate'))).ok).toBe(true)
      const after = await db().select({ delivered: messages.delivered }).from(messages).where(eq(messages.conversationId, conv))
      expect(after).toEqual([{ delivered: true }, { delivered: true }])
      const chats = await listChats(partner.profileId)
      expect(chats).toHaveLength(1)
      expect(chats[0]).toMatchObject({ conversation: conv, num_unread_messages: 2, profile: { id: newbie.profileId, name: 'Nora' } })
      expect((await getBadgeCounts(partner.profileId)).unread).toBe(2)
      expect((await listMessages(conv, partner.profileId)).map((m) => m.body)).toEqual(['Hi Paul', 'Still there?'])

      // Now the partner can reply, and later messages of the member are delivered at once.
      expect(await canContact(partner.profileId, newbie.profileId)).toEqual({ ok: true })
      const answer = await sendMessage({ senderId: partner.profileId, toProfileId: newbie.profileId, clientId: crypto.randomUUID(), body: 'Hello Nora' })
      expect(answer.ok).toBe(true)
      const third = await sendMessage({ senderId: newbie.profileId, toProfileId: partner.profileId, clientId: crypto.randomUUID(), body: 'Great' })
      expect(third.ok && third.undelivered).toBe(false)
      await until(() => toPartner.some((e) => e.type === 'message' && e.message.body === 'Great'))
      expect(toPartner.some((e) => e.type === 'message' && e.message.body === 'Great')).toBe(true)
      // Replying read the conversation; the new message is the one unread.
      expect((await getBadgeCounts(partner.profileId)).unread).toBe(1)
    } finally {
      for (const u of unsubs) await u()
    }
  })

  it('a second valid link (resent e-mail) does not deliver or count the messages twice', async () => {
    const newbie = await signedUp()
    const partner = await createMember({ gender: 'male' })
    await sendMessage({ senderId: newbie.profileId, toProfileId: partner.profileId, clientId: crypto.randomUUID(), body: 'one' })
    expect(await resendActivation(newbie.userId)).toBe('sent')
    const [first, second] = sent.map((m) => linkToken(m.text, '/activate'))
    expect((await activateAccount(first)).ok).toBe(true)
    await activateAccount(second)
    expect((await getBadgeCounts(partner.profileId)).unread).toBe(1)
    expect((await listChats(partner.profileId))[0].num_unread_messages).toBe(1)
  })

  it('partners of a listed but unconfirmed member get "unconfirmed" with the name', async () => {
    // E.g. a member whose profile is listed while the address still awaits confirmation.
    const unconfirmed = await createMember({ status: 'not_confirmed', name: 'Ulla' })
    const partner = await createMember({ gender: 'male' })
    expect(await canContact(partner.profileId, unconfirmed.profileId)).toEqual({ ok: false, reason: 'unconfirmed', targetName: 'Ulla' })
    expect(await sendMessage({ senderId: partner.profileId, toProfileId: unconfirmed.profileId, clientId: crypto.randomUUID(), body: 'x' })).toEqual({
      ok: false,
      error: 'unconfirmed',
    })
  })
})

describe('resendActivation', () => {
  it('sends a new link at most max_activation_emails_per_day times a day (the signup e-mail counts)', async () => {
    await updateSetting('max_activation_emails_per_day', 3)
    const r = await signedUp()
    expect(await resendActivation(r.userId)).toBe('sent')
    expect(await resendActivation(r.userId)).toBe('sent')
    expect(await resendActivation(r.userId)).toBe('too_many')
    expect(sent.map((m) => m.kind)).toEqual(['activation', 'activation', 'activation'])
    // Every e-mail carries its own link; the newest works.
    const tokens = sent.map((m) => linkToken(m.text, '/activate'))
    expect(new Set(tokens).size).toBe(3)
    expect((await activateAccount(tokens[2])).ok).toBe(true)
    expect(await resendActivation(r.userId)).toBe('already_active')
  })

  it('counts only the last 24 hours', async () => {
    await updateSetting('max_activation_emails_per_day', 1)
    const r = await signedUp()
    expect(await resendActivation(r.userId)).toBe('too_many')
    await db()
      .update(accountTokens)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(accountTokens.userId, r.userId))
    expect(await resendActivation(r.userId)).toBe('sent')
    expect(sent).toHaveLength(2)
  })

  it('answers already_active for an active or unknown account and sends nothing', async () => {
    const m = await createMember()
    expect(await resendActivation(m.userId)).toBe('already_active')
    expect(await resendActivation(987_654)).toBe('already_active')
    expect(sent).toEqual([])
  })
})
