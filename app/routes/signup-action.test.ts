import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { signupAction } from './signup-action.server'

useTestDatabase()

const form = (email: string) =>
  new Request('http://localhost/signup', {
    method: 'POST',
    body: new URLSearchParams({
      name: 'Second',
      email,
      password: 'correct-horse-9',
      date_of_birth: '1990-01-01',
      gender: 'male',
      looking_for: 'female',
      country: 'NL',
    }),
  })

describe('the signup action', () => {
  it('sends a logged-in member to the members area and creates no second account', async () => {
    const m = await createMember()
    const before = (await db().select({ n: count() }).from(users))[0].n
    const context = { viewer: await getViewer(m.userId), sessionToken: 'x', clientIp: '127.0.0.1', requestFailure: { serviceUnavailable: false } }
    const thrown = await signupAction(form('second-account@example.test'), context).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('/members')
    expect((await db().select({ n: count() }).from(users))[0].n).toBe(before)
    // The same form from a visitor does create the account: the refusal above is the viewer's, not the form's.
    const created = await signupAction(form('second-account@example.test'), { ...context, viewer: null, sessionToken: null }).catch((e: unknown) => e)
    expect((created as Response).headers.get('location')).toBe('/complete-signup')
    expect((await db().select({ n: count() }).from(users))[0].n).toBe(before + 1)
  })
})
