import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { profileImages } from '#db/schema/index'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { html, jpeg } from '../../../tests/setup/upload-fixtures'
import { listOwnPhotos } from './photos.server'
import { submitPhotoChange, submitPhotoUpload } from './submit-photo.server'

useTestDatabase()

const member = async () => {
  const m = await createMember()
  return { ...m, paidUser: false }
}

describe('photo writes take their own token', () => {
  it('submitPhotoUpload: an upload token each; when spent, the body is not read and nothing is stored', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, uploads_per_hour: 1 })
    const m = await member()
    const photo = await jpeg()
    expect(await submitPhotoUpload(m, async () => photo)).toMatchObject({ ok: true })
    let read = false
    const r = await submitPhotoUpload(m, async () => {
      read = true
      return photo
    })
    expect(r).toMatchObject({ ok: false, error: 'too_often' })
    expect(read).toBe(false)
    expect(await db().select({ id: profileImages.id }).from(profileImages)).toHaveLength(1)
  })

  it('submitPhotoUpload answers a refused image and an unread body with reasons', async () => {
    const m = await member()
    expect(await submitPhotoUpload(m, async () => html)).toEqual({ ok: false, error: 'image', code: 'not_image' })
    const unread = { ok: false, error: 'unread', code: 'too_large' } as const
    expect(await submitPhotoUpload(m, async () => unread)).toEqual(unread)
  })

  it('submitPhotoChange: a profile_edit token each; when spent, the photo is not deleted', async () => {
    const m = await member()
    const a = await submitPhotoUpload(m, async () => jpeg())
    const b = await submitPhotoUpload(m, async () => jpeg(300, 300, '#3c3'))
    if (!a.ok || !b.ok || !('photo' in a) || !('photo' in b)) throw new Error('upload failed')
    await updateSetting('write_limits', { ...defaultSettings.write_limits, profile_edits_per_hour: 1 })
    expect(await submitPhotoChange(m.profileId, 'main', String(b.photo.id))).toEqual({ ok: true, changed: true })
    expect(await submitPhotoChange(m.profileId, 'delete', String(a.photo.id))).toMatchObject({ ok: false, error: 'too_often' })
    expect((await listOwnPhotos(m.profileId)).map((p) => [p.id, p.isMain])).toEqual([
      [b.photo.id, true],
      [a.photo.id, false],
    ])
  })

  it('submitPhotoChange refuses an id that is not one, after taking the token', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, profile_edits_per_hour: 1 })
    const m = await member()
    expect(await submitPhotoChange(m.profileId, 'delete', 'abc')).toEqual({ ok: false, error: 'bad_id' })
    expect(await submitPhotoChange(m.profileId, 'delete', '1')).toMatchObject({ ok: false, error: 'too_often' })
  })
})
