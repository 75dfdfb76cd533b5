import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { profiles, users } from '#db/schema/index'
import { verifyPassword } from '#app/features/authentication/passwords.server'
import { signup } from './signup.server'

useTestDatabase()

function input(over: Partial<Parameters<typeof signup>[0]> = {}): Parameters<typeof signup>[0] {
  return {
    email: 'anna@example.com',
    name: 'Anna',
    password: 'secret-pass-1',
    date_of_birth: '1991-04-12',
    gender: 'female',
    looking_for: 'male',
    country: 'NL',
    language: 'nl',
    ...over,
  }
}

async function counts() {
  const [u] = await db().select({ n: count() }).from(users)
  const [p] = await db().select({ n: count() }).from(profiles)
  return { users: Number(u.n), profiles: Number(p.n) }
}

describe('signup', () => {
  it('creates the user and its profile, linked, with a hashed password', async () => {
    const r = await signup({ ...input(), tracking: { network: 'aff1', sub1: 'x' } })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const [user] = await db().select().from(users).where(eq(users.id, r.userId))
    expect(user).toMatchObject({ email: 'anna@example.com', language: 'nl', status: 'not_confirmed', credits: 0, tracking: { network: 'aff1', sub1: 'x' } })
    expect(user.passwordHash).not.toContain('secret-pass-1')
    expect(await verifyPassword(user.passwordHash, 'secret-pass-1')).toBe(true)
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, r.profileId))
    expect(profile).toMatchObject({
      userId: r.userId,
      name: 'Anna',
      gender: 'female',
      birthDate: '1991-04-12',
      country: 'NL',
      status: 'disabled',
      isFictional: false,
    })
    expect(await counts()).toEqual({ users: 1, profiles: 1 })
  })

  it('rolls the user back when the profile cannot be stored (one transaction)', async () => {
    // The profile name column holds 40 characters: the second insert fails after the first succeeded.
    await expect(signup(input({ name: 'x'.repeat(41) }))).rejects.toThrow()
    expect(await counts()).toEqual({ users: 0, profiles: 0 })
    // The address is still free afterwards.
    const again = await signup(input())
    expect(again.ok).toBe(true)
  })

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const first = await signup(input({ email: 'Anna@Example.com' }))
    expect(first.ok).toBe(true)
    expect(await signup(input({ email: 'anna@example.com' }))).toEqual({ ok: false, error: 'duplicate_email' })
    expect(await signup(input({ email: 'ANNA@EXAMPLE.COM', name: 'Other' }))).toEqual({ ok: false, error: 'duplicate_email' })
    expect(await counts()).toEqual({ users: 1, profiles: 1 })
  })

  it('answers pending_deletion for an address whose account awaits deletion', async () => {
    await createMember({ email: 'gone@example.com', status: 'pending_deletion' })
    expect(await signup(input({ email: 'Gone@example.com' }))).toEqual({ ok: false, error: 'pending_deletion' })
    expect(await counts()).toEqual({ users: 1, profiles: 1 })
  })

  it('derives the sexuality from gender and looking_for', async () => {
    const cases = [
      { gender: 'female', looking_for: 'male', sexuality: 'hetero' },
      { gender: 'male', looking_for: 'female', sexuality: 'hetero' },
      { gender: 'male', looking_for: 'male', sexuality: 'gay' },
      { gender: 'female', looking_for: 'female', sexuality: 'lesbian' },
    ] as const
    for (const [i, c] of cases.entries()) {
      const r = await signup(input({ email: `case${i}@example.com`, gender: c.gender, looking_for: c.looking_for }))
      if (!r.ok) throw new Error(`signup failed: ${r.error}`)
      const [p] = await db().select({ sexuality: profiles.sexuality, gender: profiles.gender }).from(profiles).where(eq(profiles.id, r.profileId))
      expect(p, `${c.gender} looking for ${c.looking_for}`).toEqual({ sexuality: c.sexuality, gender: c.gender })
    }
  })
})
