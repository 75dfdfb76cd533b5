import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createFictional, createMember } from '../../../tests/setup/factories'
import { landerProfiles, listedProfileCount, loadMemberLanding, mapLander } from './landers.server'

useTestDatabase()

describe('member landings', () => {
  it('show a listed member and a fictional profile with its flag', async () => {
    const real = await createMember({ name: 'Rita', gender: 'female', country: 'NL' })
    const fic = await createFictional({ name: 'Fiona', country: 'NL' })
    const a = await loadMemberLanding(real.profileId)
    expect(a?.profile.name).toBe('Rita')
    expect(a?.profile.isFictional).toBe(false)
    const b = await loadMemberLanding(fic.profileId)
    expect(b?.profile.isFictional).toBe(true)
  })

  it('are not found for unknown, invisible, privacy-mode and disabled profiles', async () => {
    const invisible = await createMember({ invisible: true })
    const privacy = await createMember({ privacyMode: true })
    const disabled = await createMember({ profileStatus: 'disabled' })
    expect(await loadMemberLanding(999_999)).toBeNull()
    expect(await loadMemberLanding(invisible.profileId)).toBeNull()
    expect(await loadMemberLanding(privacy.profileId)).toBeNull()
    expect(await loadMemberLanding(disabled.profileId)).toBeNull()
  })

  it('offer more people from the same country, never the member again', async () => {
    const main = await createMember({ gender: 'female', country: 'DE' })
    const other = await createMember({ gender: 'female', country: 'DE' })
    await createMember({ gender: 'female', country: 'NL' })
    const landing = await loadMemberLanding(main.profileId, 4)
    expect(landing?.more.map((p) => p.id)).toEqual([other.profileId])
  })
})

describe('lander data', () => {
  it('lists only what a visitor may see and counts it for real', async () => {
    const shown = await createMember({ gender: 'female', country: 'NL' })
    await createMember({ gender: 'female', country: 'NL', invisible: true })
    await createMember({ gender: 'male', country: 'NL' })
    const women = await landerProfiles('female', 10)
    expect(women.map((p) => p.id)).toEqual([shown.profileId])
    expect(await listedProfileCount()).toEqual({ total: 2, capped: false })
  })

  it('counts listed profiles per town on the map lander', async () => {
    await createMember({ gender: 'female', country: 'NL' })
    const m = await mapLander('NL', 'female')
    expect(m.total).toBe(1)
    expect(m.map?.dots.length).toBeGreaterThan(50)
    // The factory's member has no town: counted, but not on the map.
    expect(m.elsewhere + m.places.reduce((n, p) => n + p.count, 0)).toBe(1)
  })
})
