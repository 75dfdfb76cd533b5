import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { createSession, userIdForSession } from '#app/features/authentication/sessions.server'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { captureMail, linkToken } from '../../tests/setup/mail'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import * as settingsPage from './notifications'
import * as confirmPage from './mail-change-do'
import * as revertPage from './mail-change-revert'

useTestDatabase()
const sent = captureMail()

// React Router hands loaders and actions one argument; these tests do the same.
const call = <T>(fn: (args: never) => T, request: Request, context: Record<string, unknown> = {}) => fn({ request, params: {}, context } as never)
const post = (path: string, fields: Record<string, string>) => new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) })
const statusOf = (r: unknown) => (r as { init?: { status?: number } }).init?.status ?? 200
const emailOf = async (userId: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0].email

describe('the e-mail change on /notifications and its undo at /mail-change/revert (issue 24, point 7)', () => {
  it('a session alone cannot change the address: the form asks for the current password', async () => {
    const m = await createMember({ email: 'held@example.com', password: 'held-password-1' })
    const context = { viewer: await getViewer(m.userId), sessionToken: await createSession(m.userId), clientIp: '10.0.0.1' }
    const without = await call(settingsPage.action, post('/notifications', { intent: 'email', email: 'thief@example.com' }), context)
    expect(statusOf(without)).toBe(400)
    expect((without as { data: { errors: Record<string, string[]> } }).data.errors.password).toEqual(['validation.passwordRequired'])
    const wrong = await call(settingsPage.action, post('/notifications', { intent: 'email', email: 'thief@example.com', password: 'a-guess' }), context)
    expect((wrong as { data: { errors: Record<string, string[]> } }).data.errors.password).toEqual(['validation.oldPasswordWrong'])
    expect(sent).toEqual([])
    const right = await call(settingsPage.action, post('/notifications', { intent: 'email', email: 'mine@example.com', password: 'held-password-1' }), context)
    expect(right).toEqual({ notice: 'account.emailSent' })
    expect(sent.map((s) => s.to)).toEqual(['mine@example.com'])
  })

  it('the undo link changes nothing on a GET (mail scanners open links); its POST restores the address and logs out', async () => {
    const m = await createMember({ email: 'first@example.com', password: 'first-password-1' })
    const session = await createSession(m.userId)
    const context = { viewer: await getViewer(m.userId), sessionToken: session, clientIp: '10.0.0.1' }
    await call(settingsPage.action, post('/notifications', { intent: 'email', email: 'second@example.com', password: 'first-password-1' }), context)
    const confirm = linkToken(sent[0].text, '/mail-change/do')
    // Opening the confirmation link changes nothing either: a scanner at the new mailbox would make the change.
    expect(await call(confirmPage.loader, new Request(`http://localhost/mail-change/do?token=${confirm}`))).toEqual({ token: confirm })
    expect(await emailOf(m.userId)).toBe('first@example.com')
    expect(await call(confirmPage.action, post('/mail-change/do', { token: confirm }))).toEqual({ result: 'ok' })
    expect(await emailOf(m.userId)).toBe('second@example.com')
    const undo = linkToken(sent[1].text, '/mail-change/revert')

    expect(await call(revertPage.loader, new Request(`http://localhost/mail-change/revert?token=${undo}`))).toMatchObject({ valid: true, token: undo })
    expect(await call(revertPage.loader, new Request(`http://localhost/mail-change/revert?token=${undo}`))).toMatchObject({ valid: true })
    expect(await emailOf(m.userId)).toBe('second@example.com')
    expect(await userIdForSession(session)).toBe(m.userId)

    const mismatch = await call(
      revertPage.action,
      post('/mail-change/revert', { token: undo, password: 'restored-password', password_repeat: 'something-else' }),
    )
    expect(statusOf(mismatch)).toBe(400)
    expect(await emailOf(m.userId)).toBe('second@example.com')

    const done = (await call(
      revertPage.action,
      post('/mail-change/revert', { token: undo, password: 'restored-password', password_repeat: 'restored-password' }),
    )) as { data: { outcome: string }; init?: { headers?: Record<string, string> } }
    expect(done.data.outcome).toBe('ok')
    expect(String(done.init?.headers?.['Set-Cookie'])).toMatch(/^sid=;/)
    expect(await emailOf(m.userId)).toBe('first@example.com')
    expect(await userIdForSession(session)).toBeNull()
    expect(await call(revertPage.loader, new Request(`http://localhost/mail-change/revert?token=${undo}`))).toMatchObject({ valid: false })
  })
})
