import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import { action } from './color-mode'

useTestDatabase()

const post = (body: Record<string, string>) =>
  new Request('http://localhost/color-mode', {
    method: 'POST',
    body: new URLSearchParams(body),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  })
const run = (body: Record<string, string>, viewer: { userId: number } | null) =>
  action({ request: post(body), context: { viewer }, params: {} } as unknown as Parameters<typeof action>[0]).catch((e: unknown) => e as Response)

describe('POST /color-mode', () => {
  it('keeps the choice on the account and goes back to the page', async () => {
    const m = await createMember()
    const r = (await run({ mode: 'dark', redirectTo: '/members?country=' }, { userId: m.userId })) as Response
    expect([r.status, r.headers.get('location')]).toEqual([302, '/members?country='])
    const [u] = await db().select({ mode: users.colorMode }).from(users).where(eq(users.id, m.userId))
    expect(u.mode).toBe('dark')
  })

  it('refuses a mode it does not know with 400, sends a visitor to the login, and never leaves the site', async () => {
    const m = await createMember()
    expect(((await run({ mode: 'purple' }, { userId: m.userId })) as Response).status).toBe(400)
    expect(((await run({ mode: 'dark' }, null)) as Response).headers.get('location')).toMatch(/^\/login\?redirectTo=/)
    expect(((await run({ mode: 'light', redirectTo: '//evil.example/' }, { userId: m.userId })) as Response).headers.get('location')).toBe('/members')
  })
})
