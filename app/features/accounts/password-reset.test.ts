import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { captureMail, expectedBaseUrl, linkToken } from '../../../tests/setup/mail'
import { updateSetting } from '#app/features/settings/settings.server'
import { db } from '#db/client.server'
import { accountTokens } from '#db/schema/index'
import { verifyLogin } from '#app/features/authentication/login.server'
import { requestPasswordReset, resetPassword } from './password-reset.server'
import { createSession, userIdForSession } from '#app/features/authentication/sessions.server'

useTestDatabase()
const sent = captureMail()

describe('requestPasswordReset', () => {
  it('answers not_found for an unknown address and sends nothing', async () => {
    await createMember({ email: 'known@example.com' })
    expect(await requestPasswordReset('unknown@example.com')).toBe('not_found')
    expect(sent).toEqual([])
  })

  it('sends a reset link to the account’s address, whatever the case typed', async () => {
    const m = await createMember({ email: 'Reset.Me@example.com' })
    expect(await requestPasswordReset('reset.me@EXAMPLE.com')).toBe('sent')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: 'Reset.Me@example.com', kind: 'password_reset' })
    const token = linkToken(sent[0].text, '/reset-password/do')
    expect(sent[0].html).toContain(`${expectedBaseUrl()}/reset-password/do?token=${token}`)
    const [row] = await db().select().from(accountTokens).where(eq(accountTokens.userId, m.userId))
    expect(row.purpose).toBe('password_reset')
    // Links expire after two hours.
    const hours = (row.expiresAt.getTime() - Date.now()) / 3600_000
    expect(hours).toBeGreaterThan(1.9)
    expect(hours).toBeLessThanOrEqual(2.01)
  })

  it('answers too_many after max_reset_emails_per_day e-mails within a day', async () => {
    await updateSetting('max_reset_emails_per_day', 2)
    const m = await createMember({ email: 'often@example.com' })
    expect(await requestPasswordReset('often@example.com')).toBe('sent')
    expect(await requestPasswordReset('often@example.com')).toBe('sent')
    expect(await requestPasswordReset('often@example.com')).toBe('too_many')
    expect(sent).toHaveLength(2)
    // Another account is not affected.
    await createMember({ email: 'else@example.com' })
    expect(await requestPasswordReset('else@example.com')).toBe('sent')
    // A day later the member may ask again.
    await db()
      .update(accountTokens)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(accountTokens.userId, m.userId))
    expect(await requestPasswordReset('often@example.com')).toBe('sent')
  })
})

describe('resetPassword', () => {
  async function requested(email: string) {
    expect(await requestPasswordReset(email)).toBe('sent')
    return linkToken(sent.at(-1)!.text, '/reset-password/do')
  }

  it('sets the new password and ends every session of the account', async () => {
    const m = await createMember({ email: 'forgot@example.com', password: 'old-password' })
    const other = await createMember({ email: 'bystander@example.com' })
    const s1 = await createSession(m.userId)
    const s2 = await createSession(m.userId)
    const otherSession = await createSession(other.userId)
    const token = await requested('forgot@example.com')

    expect(await resetPassword(token, 'brand-new-password')).toEqual({ ok: true, userId: m.userId })
    expect(await verifyLogin('forgot@example.com', 'brand-new-password')).toEqual({ userId: m.userId })
    expect(await verifyLogin('forgot@example.com', 'old-password')).toBeNull()
    expect(await userIdForSession(s1)).toBeNull()
    expect(await userIdForSession(s2)).toBeNull()
    expect(await userIdForSession(otherSession)).toBe(other.userId)
  })

  it('uses a link once', async () => {
    await createMember({ email: 'once@example.com', password: 'old-password' })
    const token = await requested('once@example.com')
    expect((await resetPassword(token, 'first-new-password')).ok).toBe(true)
    expect(await resetPassword(token, 'second-new-password')).toEqual({ ok: false })
    expect(await verifyLogin('once@example.com', 'first-new-password')).not.toBeNull()
    expect(await verifyLogin('once@example.com', 'second-new-password')).toBeNull()
  })

  it('refuses an expired link and keeps the old password', async () => {
    const m = await createMember({ email: 'late@example.com', password: 'old-password' })
    const token = await requested('late@example.com')
    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, m.userId))
    expect(await resetPassword(token, 'brand-new-password')).toEqual({ ok: false })
    expect(await verifyLogin('late@example.com', 'old-password')).toEqual({ userId: m.userId })
  })

  it('refuses unknown tokens and tokens of another purpose', async () => {
    const m = await createMember({ email: 'other-purpose@example.com', password: 'old-password' })
    const token = await requested('other-purpose@example.com')
    expect(await resetPassword(null, 'brand-new-password')).toEqual({ ok: false })
    expect(await resetPassword('not-a-token', 'brand-new-password')).toEqual({ ok: false })
    await db().update(accountTokens).set({ purpose: 'email_change' }).where(eq(accountTokens.userId, m.userId))
    expect(await resetPassword(token, 'brand-new-password')).toEqual({ ok: false })
    expect(await verifyLogin('other-purpose@example.com', 'old-password')).toEqual({ userId: m.userId })
  })
})
