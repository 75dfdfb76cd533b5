import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { captureMail, expectedBaseUrl, linkToken } from '../../../tests/setup/mail'
import { db } from '#db/client.server'
import { accountTokens, users } from '#db/schema/index'
import { changePassword, confirmEmailChange, EMAIL_REVERT_DAYS, requestEmailChange, revertEmailChange } from './change-account.server'
import { requestPasswordReset, resetPassword } from './password-reset.server'
import { tokenLifetimes } from './tokens.server'
import { verifyLogin } from '#app/features/authentication/login.server'
import { createSession, storedSessionId, userIdForSession } from '#app/features/authentication/sessions.server'

useTestDatabase()
const sent = captureMail()

async function emailOf(userId: number) {
  const [u] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId))
  return u.email
}

describe('changePassword', () => {
  it('refuses a wrong old password and changes nothing', async () => {
    const m = await createMember({ email: 'pw@example.com', password: 'old-password' })
    const session = await createSession(m.userId)
    expect(await changePassword(m.userId, 'not-the-old-one', 'new-password-1', storedSessionId(session))).toBe('wrong_password')
    expect(await verifyLogin('pw@example.com', 'old-password')).toEqual({ userId: m.userId })
    expect(await verifyLogin('pw@example.com', 'new-password-1')).toBeNull()
    expect(await userIdForSession(session)).toBe(m.userId)
  })

  it('sets the new password and keeps only the given session', async () => {
    const m = await createMember({ email: 'pw2@example.com', password: 'old-password' })
    const other = await createMember()
    const [s1, current, s3] = [await createSession(m.userId), await createSession(m.userId), await createSession(m.userId)]
    const othersSession = await createSession(other.userId)
    expect(await changePassword(m.userId, 'old-password', 'new-password-1', storedSessionId(current))).toBe('ok')
    expect(await verifyLogin('pw2@example.com', 'new-password-1')).toEqual({ userId: m.userId })
    expect(await verifyLogin('pw2@example.com', 'old-password')).toBeNull()
    expect(await userIdForSession(current)).toBe(m.userId)
    expect(await userIdForSession(s1)).toBeNull()
    expect(await userIdForSession(s3)).toBeNull()
    expect(await userIdForSession(othersSession)).toBe(other.userId)
  })

  it('without a session to keep, ends all of them', async () => {
    const m = await createMember({ password: 'old-password' })
    const s = await createSession(m.userId)
    expect(await changePassword(m.userId, 'old-password', 'new-password-1')).toBe('ok')
    expect(await userIdForSession(s)).toBeNull()
  })
})

describe('e-mail change', () => {
  it('answers taken for an address of another account, whatever its case, and sends nothing', async () => {
    const m = await createMember({ email: 'me@example.com' })
    await createMember({ email: 'Someone@Example.com' })
    expect(await requestEmailChange(m.userId, 'someone@example.com', m.password)).toBe('taken')
    expect(await requestEmailChange(m.userId, 'SOMEONE@EXAMPLE.COM', m.password)).toBe('taken')
    expect(sent).toEqual([])
  })

  it('answers same for the current address in another case', async () => {
    const m = await createMember({ email: 'me2@example.com' })
    expect(await requestEmailChange(m.userId, 'ME2@example.com', m.password)).toBe('same')
    expect(sent).toEqual([])
  })

  it('sends the confirmation link to the new address and changes the address only when it is followed, once', async () => {
    const m = await createMember({ email: 'before@example.com' })
    expect(await requestEmailChange(m.userId, 'after@example.com', m.password)).toBe('sent')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: 'after@example.com', kind: 'email_change' })
    const token = linkToken(sent[0].text, '/mail-change/do')
    expect(sent[0].html).toContain(`${expectedBaseUrl()}/mail-change/do?token=${token}`)
    expect(await emailOf(m.userId)).toBe('before@example.com')

    expect(await confirmEmailChange(token)).toBe('ok')
    expect(await emailOf(m.userId)).toBe('after@example.com')
    expect(await verifyLogin('after@example.com', m.password)).toEqual({ userId: m.userId })
    expect(await verifyLogin('before@example.com', m.password)).toBeNull()
    // Single use.
    expect(await confirmEmailChange(token)).toBe('invalid')
  })

  it('refuses an expired link and one for an address taken in the meantime', async () => {
    const m = await createMember({ email: 'slow@example.com' })
    expect(await requestEmailChange(m.userId, 'wanted@example.com', m.password)).toBe('sent')
    const token = linkToken(sent[0].text, '/mail-change/do')
    await createMember({ email: 'Wanted@example.com' })
    expect(await confirmEmailChange(token)).toBe('taken')
    expect(await emailOf(m.userId)).toBe('slow@example.com')

    expect(await requestEmailChange(m.userId, 'another@example.com', m.password)).toBe('sent')
    const expiring = linkToken(sent[1].text, '/mail-change/do')
    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, m.userId))
    expect(await confirmEmailChange(expiring)).toBe('invalid')
    expect(await confirmEmailChange(null)).toBe('invalid')
    expect(await emailOf(m.userId)).toBe('slow@example.com')
  })
})

// Issue 24, point 7: a stolen session changed the address, confirmed it from the attacker's mailbox, and reset the
// password through it; nobody was told.
describe('e-mail change against a stolen session (issue 24, point 7)', () => {
  it('refuses to change the address without the current password, and sends nothing', async () => {
    const m = await createMember({ email: 'victim@example.com', password: 'victims-password' })
    expect(await requestEmailChange(m.userId, 'attacker@example.com', '')).toBe('wrong_password')
    expect(await requestEmailChange(m.userId, 'attacker@example.com', 'a-guess')).toBe('wrong_password')
    expect(sent).toEqual([])
    expect(await db().select({ id: accountTokens.id }).from(accountTokens).where(eq(accountTokens.userId, m.userId))).toEqual([])
    expect(await emailOf(m.userId)).toBe('victim@example.com')
  })

  it('tells the old address, whose link restores it with a new password, ends every session and voids the links still open', async () => {
    const m = await createMember({ email: 'owner@example.com', password: 'owners-password' })
    await db().update(users).set({ language: 'de' }).where(eq(users.id, m.userId))
    const [phone, attackers] = [await createSession(m.userId), await createSession(m.userId)]
    // Whoever changes the address knew the password: the change, its confirmation, then a reset to the new mailbox.
    expect(await requestEmailChange(m.userId, 'taker@example.com', 'owners-password')).toBe('sent')
    expect(await confirmEmailChange(linkToken(sent[0].text, '/mail-change/do'))).toBe('ok')
    const notice = sent[1]
    expect(notice).toMatchObject({ to: 'owner@example.com', kind: 'email_revert' })
    expect(notice.subject).toContain('E-Mail-Adresse')
    expect(notice.text).toContain(String(EMAIL_REVERT_DAYS))
    const undo = linkToken(notice.text, '/mail-change/revert')
    expect(notice.html).toContain(`${expectedBaseUrl()}/mail-change/revert?token=${undo}`)
    expect(await requestPasswordReset('taker@example.com')).toBe('sent')
    const attackersReset = linkToken(sent[2].text, '/reset-password/do')
    expect(await requestEmailChange(m.userId, 'taker2@example.com', 'owners-password')).toBe('sent')
    const attackersNextChange = linkToken(sent[3].text, '/mail-change/do')

    expect(await revertEmailChange(undo, 'owners-new-password')).toBe('ok')
    expect(await emailOf(m.userId)).toBe('owner@example.com')
    expect(await verifyLogin('owner@example.com', 'owners-new-password')).toEqual({ userId: m.userId })
    expect(await verifyLogin('owner@example.com', 'owners-password')).toBeNull()
    expect(await userIdForSession(phone)).toBeNull()
    expect(await userIdForSession(attackers)).toBeNull()
    // Nothing the other mailbox holds works any more, and the undo works once.
    expect(await resetPassword(attackersReset, 'attackers-password')).toEqual({ ok: false })
    expect(await confirmEmailChange(attackersNextChange)).toBe('invalid')
    expect(await emailOf(m.userId)).toBe('owner@example.com')
    expect(await revertEmailChange(undo, 'another-password-1')).toBe('invalid')
  })

  it('keeps the undo link for 14 days and no longer', async () => {
    expect(tokenLifetimes.email_revert).toBe(EMAIL_REVERT_DAYS * 24 * 3600_000)
    const m = await createMember({ email: 'late@example.com' })
    expect(await requestEmailChange(m.userId, 'new-late@example.com', m.password)).toBe('sent')
    expect(await confirmEmailChange(linkToken(sent[0].text, '/mail-change/do'))).toBe('ok')
    const undo = linkToken(sent[1].text, '/mail-change/revert')
    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.purpose, 'email_revert'))
    expect(await revertEmailChange(undo, 'too-late-password')).toBe('invalid')
    expect(await emailOf(m.userId)).toBe('new-late@example.com')
  })
})
