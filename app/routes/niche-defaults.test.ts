import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { signupOptions } from '#app/features/accounts/signup-options.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { createFictional, createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import * as members from './members'

useTestDatabase()

type MembersData = { query: { gender: string }; result: { profiles: { id: number }[] } }
const visitorSearch = async (url = 'http://localhost/members') =>
  (await members.loader({ request: new Request(url), params: {}, context: { viewer: null, sessionToken: null, clientIp: '10.0.0.1' } } as never)) as MembersData

describe('defaults that follow the niche (setting niche)', () => {
  it('a visitor’s search looks for women by default, for men in the gay niche, for women in the she niche', async () => {
    const woman = await createFictional({ gender: 'female' })
    const man = await createFictional({ gender: 'male' })
    const first = await visitorSearch()
    expect(first.query.gender).toBe('female')
    expect(first.result.profiles.map((p) => p.id)).toEqual([woman.profileId])

    await updateSetting('niche', 7)
    const gay = await visitorSearch()
    expect(gay.query.gender).toBe('male')
    expect(gay.result.profiles.map((p) => p.id)).toEqual([man.profileId])
    // The visitor's own choice still wins.
    expect((await visitorSearch('http://localhost/members?gender=female')).query.gender).toBe('female')

    await updateSetting('niche', 2)
    expect((await visitorSearch()).query.gender).toBe('female')
    await updateSetting('niche', 5)
    expect((await visitorSearch()).query.gender).toBe('female')
  })

  it('a member’s own preference wins over the niche', async () => {
    await updateSetting('niche', 7)
    const straightMan = await createMember({ gender: 'male', sexuality: 'hetero' })
    const context = { viewer: await getViewer(straightMan.userId), sessionToken: null, clientIp: '10.0.0.1' }
    const r = (await members.loader({ request: new Request('http://localhost/members'), params: {}, context } as never)) as MembersData
    expect(r.query.gender).toBe('female')
  })

  it('the signup form starts as the niche’s audience', async () => {
    const opts = () => signupOptions({ locale: 'en', tracking: null, country: null })
    expect(await opts()).toMatchObject({ defaultGender: 'male', defaultLookingFor: 'female' })
    await updateSetting('niche', 7)
    expect(await opts()).toMatchObject({ defaultGender: 'male', defaultLookingFor: 'male' })
    await updateSetting('niche', 2)
    expect(await opts()).toMatchObject({ defaultGender: 'female', defaultLookingFor: 'female' })
    await updateSetting('niche', 4)
    expect(await opts()).toMatchObject({ defaultGender: 'male', defaultLookingFor: 'female' })
  })
})
