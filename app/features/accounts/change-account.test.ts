import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { captureMail, expectedBaseUrl, linkToken } from '../../../tests/setup/mail'
import { db } from '#db/client.server'
import { accountTokens, users } from '#db/schema/index'
import { changePassword, confirmEmailChange, requestEmailChange } from './change-account.server'
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
    expect(await requestEmailChange(m.userId, 'someone@example.com')).toBe('taken')
    expect(await requestEmailChange(m.userId, 'SOMEONE@EXAMPLE.COM')).toBe('taken')
    expect(sent).toEqual([])
  })

  it('answers same for the current address in another case', async () => {
    const m = await createMember({ email: 'me2@example.com' })
    expect(await requestEmailChange(m.userId, 'ME2@example.com')).toBe('same')
    expect(sent).toEqual([])
  })

  it('sends the confirmation link to the new address and changes the address only when it is followed, once', async () => {
    const m = await createMember({ email: 'before@example.com' })
    expect(await requestEmailChange(m.userId, 'after@example.com')).toBe('sent')
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
    expect(await requestEmailChange(m.userId, 'wanted@example.com')).toBe('sent')
    const token = linkToken(sent[0].text, '/mail-change/do')
    await createMember({ email: 'Wanted@example.com' })
    expect(await confirmEmailChange(token)).toBe('taken')
    expect(await emailOf(m.userId)).toBe('slow@example.com')

    expect(await requestEmailChange(m.userId, 'another@example.com')).toBe('sent')
    const expiring = linkToken(sent[1].text, '/mail-change/do')
    await db().update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.userId, m.userId))
    expect(await confirmEmailChange(expiring)).toBe('invalid')
    expect(await confirmEmailChange(null)).toBe('invalid')
    expect(await emailOf(m.userId)).toBe('slow@example.com')
  })
})
