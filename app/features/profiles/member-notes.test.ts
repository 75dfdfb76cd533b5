import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { updateSetting } from '#app/features/settings/settings.server'
import { streamAccountExport } from '#app/features/accounts/export-data.server'
import { NOTE_MAX, noteAbout, submitNote } from './member-notes.server'

useTestDatabase()

async function exported(userId: number): Promise<string> {
  let out = ''
  for await (const chunk of (await streamAccountExport(userId))!) out += chunk
  return out
}

describe('private notes about other members (issue 28, visible_profile_notes)', () => {
  it('are refused while the setting is off', async () => {
    await updateSetting('visible_profile_notes', false)
    const a = await createMember()
    const b = await createMember()
    expect(await submitNote(a.profileId, b.profileId, 'Met at the concert.')).toEqual({ ok: false, error: 'off' })
    expect(await noteAbout(a.profileId, b.profileId)).toBeNull()
  })

  it('are written, changed and deleted by their author, and read by nobody else', async () => {
    await updateSetting('visible_profile_notes', true)
    const a = await createMember()
    const b = await createMember()
    const c = await createMember()
    expect(await submitNote(a.profileId, b.profileId, '  Met at the concert; likes sailing.  ')).toEqual({ ok: true, saved: true })
    expect(await noteAbout(a.profileId, b.profileId)).toBe('Met at the concert; likes sailing.')
    // The subject and a third member find no note: notes are per author.
    expect(await noteAbout(b.profileId, a.profileId)).toBeNull()
    expect(await noteAbout(c.profileId, b.profileId)).toBeNull()
    expect(await submitNote(a.profileId, b.profileId, 'Second date on Friday.')).toEqual({ ok: true, saved: true })
    expect(await noteAbout(a.profileId, b.profileId)).toBe('Second date on Friday.')
    expect(await submitNote(a.profileId, b.profileId, '   ')).toEqual({ ok: true, saved: false })
    expect(await noteAbout(a.profileId, b.profileId)).toBeNull()
  })

  it('refuses a note about oneself, about nobody, or too long, and keeps the old one', async () => {
    await updateSetting('visible_profile_notes', true)
    const a = await createMember()
    const b = await createMember()
    await submitNote(a.profileId, b.profileId, 'Kept.')
    expect(await submitNote(a.profileId, a.profileId, 'Me.')).toEqual({ ok: false, error: 'self' })
    expect(await submitNote(a.profileId, 999_999, 'Nobody.')).toEqual({ ok: false, error: 'not_found' })
    // A member the author may not see is not found either (nothing learnt about a hidden profile).
    const hidden = await createMember({ profileStatus: 'disabled' })
    expect(await submitNote(a.profileId, hidden.profileId, 'Hidden.')).toEqual({ ok: false, error: 'not_found' })
    expect(await submitNote(a.profileId, b.profileId, 'x'.repeat(NOTE_MAX + 1))).toEqual({ ok: false, error: 'invalid', message: 'validation.tooLong' })
    expect(await noteAbout(a.profileId, b.profileId)).toBe('Kept.')
  })

  it('go out with their author’s data export, not with the subject’s', async () => {
    await updateSetting('visible_profile_notes', true)
    const a = await createMember()
    const b = await createMember()
    await submitNote(a.profileId, b.profileId, 'Remember: allergic to cats.')
    expect(await exported(a.userId)).toContain('Remember: allergic to cats.')
    expect(await exported(b.userId)).not.toContain('Remember: allergic to cats.')
  })
})
