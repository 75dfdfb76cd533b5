import { describe, expect, it } from 'vitest'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { submitSignupStep } from './complete-signup.server'
import { profileFormOptions, submitProfileEdit } from './profile-edit.server'
import { getOwnProfile } from './update-profile.server'

useTestDatabase()

const limitEdits = (n: number) => updateSetting('write_limits', { ...defaultSettings.write_limits, profile_edits_per_hour: n })

async function profileForm(name: string, aboutMe: string): Promise<Record<string, string[]>> {
  const { countries } = await profileFormOptions()
  return {
    intent: ['profile'],
    name: [name],
    gender: ['female'],
    sexuality: ['hetero'],
    date_of_birth: ['1990-01-01'],
    country: [countries.includes('NL') ? 'NL' : countries[0]],
    about_me: [aboutMe],
  }
}

describe('profile writes take their own token', () => {
  it('submitProfileEdit: a profile_edit token each; when spent, nothing is checked or saved', async () => {
    await limitEdits(1)
    const m = await createMember()
    const first = await submitProfileEdit(m.profileId, await profileForm('FirstName', 'first words'))
    expect(first).toMatchObject({ ok: true })
    expect(await submitProfileEdit(m.profileId, await profileForm('SecondName', 'second words'))).toMatchObject({ ok: false, error: 'too_often' })
    expect((await getOwnProfile(m.profileId))?.about_me).toBe('first words')
  })

  it('submitProfileEdit answers an invalid form with the form library reply, and saves nothing', async () => {
    const m = await createMember()
    const r = await submitProfileEdit(m.profileId, { ...(await profileForm('Name', 'words')), gender: ['robot'] })
    expect(r).toMatchObject({ ok: false, error: 'invalid', reply: { error: { gender: ['validation.genderRequired'] } } })
    expect((await getOwnProfile(m.profileId))?.about_me).toBe('')
  })

  it('submitSignupStep: a profile_edit token each (any intent); when spent, the step is not saved', async () => {
    await limitEdits(2)
    const m = await createMember()
    expect(await submitSignupStep(m.profileId, { intent: ['other'] })).toEqual({ ok: true })
    const save = (about: string) => submitSignupStep(m.profileId, { intent: ['save'], step: ['about'], about_me: [about] })
    expect(await save('first words')).toEqual({ ok: true, next: 'push' })
    expect(await save('second words')).toMatchObject({ ok: false, error: 'too_often' })
    expect((await getOwnProfile(m.profileId))?.about_me).toBe('first words')
  })

  it('submitSignupStep: a step that does not pass saves nothing, says which fields and why, and keeps what was posted', async () => {
    const m = await createMember()
    const r = await submitSignupStep(m.profileId, {
      intent: ['save'],
      step: ['profile'],
      hair_color: ['purple'],
      city: ['x'.repeat(81)],
      eye_color: ['blue'],
    })
    expect(r).toEqual({
      ok: false,
      error: 'invalid',
      errors: { hair_color: 'validation.choice', city: 'validation.tooLong' },
      values: { intent: 'save', step: 'profile', hair_color: 'purple', city: 'x'.repeat(81), eye_color: 'blue', interests: [] },
    })
    // Not even the valid field of the step was saved: the member corrects the step and sends it again.
    expect((await getOwnProfile(m.profileId))?.eye_color).toBe('')
    const about = await submitSignupStep(m.profileId, {
      intent: ['save'],
      step: ['about'],
      about_me: ['hi'],
      interests: Array.from({ length: 21 }, (_, i) => String(i + 1)),
    })
    expect(about).toMatchObject({ ok: false, errors: { interests: 'validation.tooManyInterests' } })
    expect(await submitSignupStep(m.profileId, { intent: ['save'], step: ['profile'], eye_color: ['blue'] })).toEqual({ ok: true, next: 'about' })
    expect((await getOwnProfile(m.profileId))?.eye_color).toBe('blue')
  })
})
