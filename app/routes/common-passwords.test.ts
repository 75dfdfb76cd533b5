import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { captureMail, linkToken } from '../../tests/setup/mail'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { requestPasswordReset } from '#app/features/accounts/password-reset.server'
import { verifyLogin } from '#app/features/authentication/login.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import * as settingsPage from './notifications'
import * as resetPage from './reset-password-do'
import { signupAction } from './signup-action.server'

// Common and breached passwords are refused wherever a password is chosen (issue 24, point 17): 'iloveyou1' and
// 'password123' are in zxcvbn-ts's common-password list and long enough for the length rule.
useTestDatabase()
const sent = captureMail()

const post = (path: string, fields: Record<string, string>) => new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) })
const visitor = { viewer: null, sessionToken: null, clientIp: '10.55.0.1', requestFailure: { serviceUnavailable: false } }

/** What an action answered: its data (React Router's data() or a plain object), or the thrown redirect. */
async function outcome(p: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const r = await p.catch((e: unknown) => e)
  if (r instanceof Response) return { status: r.status, body: null }
  if (r && typeof r === 'object' && 'type' in r && (r as { type: string }).type === 'DataWithResponseInit') {
    const d = r as unknown as { data: unknown; init: { status?: number } | null }
    return { status: d.init?.status ?? 200, body: d.data }
  }
  return { status: 200, body: r }
}

describe('common or breached passwords', () => {
  it('are refused at signup with a clear error on the password field, and no account is made', async () => {
    const fields = { name: 'Common', email: 'common@example.test', date_of_birth: '1990-01-01', gender: 'male', looking_for: 'female', country: 'NL' }
    const r = await outcome(signupAction(post('/signup', { ...fields, password: 'Password123' }), visitor))
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.body)).toContain('validation.passwordTooCommon')
    expect((await db().select({ n: count() }).from(users))[0].n).toBe(0)
    // The same form with an uncommon password signs up.
    const ok = await outcome(signupAction(post('/signup', { ...fields, password: 'violet-kettle-93' }), { ...visitor, clientIp: '10.55.0.2' }))
    expect(ok.status).toBe(302)
  })

  it('are refused at a password change, and the old password stays', async () => {
    const m = await createMember({ email: 'changer@example.test', password: 'a-long-initial-password' })
    const context = { viewer: await getViewer(m.userId), sessionToken: null, clientIp: '10.55.0.3', requestFailure: { serviceUnavailable: false } }
    const form = { intent: 'password', old_password: 'a-long-initial-password', password: 'iloveyou1', password_repeat: 'iloveyou1' }
    const r = await outcome(settingsPage.action({ request: post('/notifications', form), params: {}, context } as never))
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ intent: 'password', errors: { password: ['validation.passwordTooCommon'] } })
    expect(await verifyLogin('changer@example.test', 'a-long-initial-password')).toEqual({ userId: m.userId })
    expect(await verifyLogin('changer@example.test', 'iloveyou1')).toBeNull()
  })

  it('are refused at a reset, and the link still works for a better password', async () => {
    const m = await createMember({ email: 'resetter@example.test', password: 'a-long-initial-password' })
    expect(await requestPasswordReset('resetter@example.test')).toBe('sent')
    const token = linkToken(sent.at(-1)!.text, '/reset-password/do')
    const reset = (password: string) =>
      outcome(resetPage.action({ request: post('/reset-password/do', { token, password, password_repeat: password }), params: {}, context: visitor } as never))
    const r = await reset('qwertyuiop')
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.body)).toContain('validation.passwordTooCommon')
    expect(await verifyLogin('resetter@example.test', 'qwertyuiop')).toBeNull()
    expect((await reset('violet-kettle-93')).status).toBe(302)
    expect(await verifyLogin('resetter@example.test', 'violet-kettle-93')).toEqual({ userId: m.userId })
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.id, m.userId))
    expect(u.id).toBe(m.userId)
  })
})
