import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { likes, skips } from '#db/schema/index'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { submitSwipe } from './swipe.server'

useTestDatabase()

describe('swipe moves take their own token', () => {
  it('submitSwipe: a like token for every move; when spent, no like, skip or undo is stored', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, likes_per_minute: 2 })
    const me = await createMember({ gender: 'male' })
    const a = await createMember()
    const b = await createMember()
    expect(await submitSwipe(me, { intent: 'skip', profileId: a.profileId })).toEqual({ intent: 'skip', ok: true })
    expect(await submitSwipe(me, { intent: 'like', profileId: b.profileId, tz: 'Europe/Amsterdam' })).toMatchObject({ intent: 'like', ok: true })
    expect(await submitSwipe(me, { intent: 'undo', profileId: a.profileId })).toMatchObject({ ok: false, error: 'too_often' })
    expect(await submitSwipe(me, { intent: 'like', profileId: a.profileId })).toMatchObject({ ok: false, error: 'too_often' })
    expect(await db().select({ id: skips.skippedId }).from(skips).where(eq(skips.skipperId, me.profileId))).toEqual([{ id: a.profileId }])
    expect(await db().select({ id: likes.likedId }).from(likes).where(eq(likes.likerId, me.profileId))).toEqual([{ id: b.profileId }])
  })
})
