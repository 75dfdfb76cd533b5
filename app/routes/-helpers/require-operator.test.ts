import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { currentTotp } from '../../../tests/setup/totp'
import { createSession } from '#app/features/authentication/sessions.server'
import { beginEnrolment, confirmEnrolment, createOperator } from '#app/features/console/operators/operator-accounts.server'
import { completeOperatorSession, OPERATOR_COOKIE, startOperatorSession } from '#app/features/console/operators/operator-sessions.server'
import { requireOperator } from './require-operator.server'

// Moved from app/features/console/operators/operator-auth.test.ts with the guard (issue 25).
useTestDatabase()

const password = 'correct-horse-battery'
async function enrolledOperator(role: 'admin' | 'moderator' | 'support' = 'moderator') {
  const id = await createOperator({ email: `${role}-${Math.random().toString(36).slice(2)}@ops.test`, name: `Op ${role}`, role, password })
  const secret = await beginEnrolment(id)
  const codes = await confirmEnrolment(id, await currentTotp(secret))
  return { id, secret, codes: codes! }
}

const page = (token: string | null, path = '/admin') =>
  new Request(`http://localhost${path}`, { headers: token ? { cookie: `${OPERATOR_COOKIE}=${token}` } : {} })

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p
  } catch (e) {
    if (e instanceof Response) return e
    throw e
  }
  throw new Error('did not throw')
}

describe('requireOperator', () => {
  it('lets a full session of a permitted role in, refuses other roles with 403', async () => {
    const o = await enrolledOperator('moderator')
    const token = await completeOperatorSession(await startOperatorSession(o.id))
    expect((await requireOperator(page(token), 'photos.moderate')).id).toBe(o.id)
    expect((await thrown(requireOperator(page(token), 'settings.edit'))).status).toBe(403)
  })

  it('sends a password-only session, a member session and no session to the login; the API answers 401', async () => {
    const o = await enrolledOperator('admin')
    const half = await startOperatorSession(o.id)
    for (const token of [half, null, 'forged-token']) {
      const r = await thrown(requireOperator(page(token)))
      expect(r.status).toBe(302)
      expect(r.headers.get('location')).toBe('/admin/login')
      expect((await thrown(requireOperator(page(token, '/admin/api/x')))).status).toBe(401)
    }
    const member = await createMember()
    const memberToken = await createSession(member.userId)
    const asMember = new Request('http://localhost/admin', { headers: { cookie: `sid=${memberToken}; ${OPERATOR_COOKIE}=${memberToken}` } })
    expect((await thrown(requireOperator(asMember))).status).toBe(302)
  })
})
