import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { db } from '#db/client.server'
import { messages, profiles, users } from '#db/schema/index'
import { activateAccount } from '#app/features/accounts/activation.server'
import { issueToken } from '#app/features/accounts/tokens.server'
import { createFictional, createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { signupAction } from './signup-action.server'

useTestDatabase()

const form = (email: string, extra: Record<string, string> = {}) =>
  new Request('http://localhost/signup', {
    method: 'POST',
    body: new URLSearchParams({
      ...extra,
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

describe("a member's signup page: the first message (spec: the signup draft's signup_message)", () => {
  // Each signup from an address of its own: the signups-per-address limit is not what these tests are about.
  let address = 0
  const visitor = () => ({ viewer: null, sessionToken: null, clientIp: `192.0.2.${++address}`, requestFailure: { serviceUnavailable: false } })
  const thrownBy = (p: Promise<unknown>) => p.catch((e: unknown) => e) as Promise<Response>
  const newProfileOf = async (email: string) => {
    const [row] = await db()
      .select({ profileId: profiles.id, userId: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.email, email))
    return row
  }

  it('sends the message as the new member, held until the address is confirmed, then delivered', async () => {
    const target = await createMember({ gender: 'female' })
    const res = await thrownBy(
      signupAction(form('writer@example.test', { signup_message: '  Hello from the signup page  ' }), visitor(), { messageTo: target.profileId }),
    )
    expect(res.headers.get('location')).toBe('/complete-signup')
    const me = await newProfileOf('writer@example.test')
    const sent = await db().select({ body: messages.body, delivered: messages.delivered }).from(messages).where(eq(messages.senderId, me.profileId))
    expect(sent).toEqual([{ body: 'Hello from the signup page', delivered: false }])
    expect((await activateAccount(await issueToken(me.userId, 'activation'))).ok).toBe(true)
    const after = await db().select({ delivered: messages.delivered }).from(messages).where(eq(messages.senderId, me.profileId))
    expect(after).toEqual([{ delivered: true }])
  })

  it('sends nothing from /signup itself, nor an empty message', async () => {
    const target = await createMember({ gender: 'female' })
    await thrownBy(signupAction(form('plain@example.test', { signup_message: 'Hello' }), visitor()))
    await thrownBy(signupAction(form('empty@example.test', { signup_message: '   ' }), visitor(), { messageTo: target.profileId }))
    expect((await db().select({ n: count() }).from(messages))[0].n).toBe(0)
  })

  it('keeps the account and says so when the message is refused', async () => {
    // A fictional profile is never written to: the refusal of the chat's own send.
    const fictional = await createFictional()
    const res = await thrownBy(signupAction(form('refused@example.test', { signup_message: 'Hi', mobile: '1' }), visitor(), { messageTo: fictional.profileId }))
    expect(res.headers.get('location')).toBe('/complete-signup?api_signup_complete=1&first_message=unsent')
    expect(await newProfileOf('refused@example.test')).toBeTruthy()
    expect((await db().select({ n: count() }).from(messages))[0].n).toBe(0)
  })

  it('refuses a message over 500 characters with the form kept, and creates nothing', async () => {
    const target = await createMember({ gender: 'female' })
    const before = (await db().select({ n: count() }).from(users))[0].n
    const res = (await signupAction(form('long@example.test', { signup_message: 'x'.repeat(501) }), visitor(), { messageTo: target.profileId })) as unknown as {
      init: { status: number }
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    }
    expect(res.init.status).toBe(400)
    expect(res.data.result.error.signup_message).toEqual(['validation.tooLong'])
    expect(res.data.result.initialValue.signup_message).toHaveLength(501)
    expect((await db().select({ n: count() }).from(users))[0].n).toBe(before)
  })
})
