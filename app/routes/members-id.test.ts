import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { db } from '#db/client.server'
import { likes } from '#db/schema/index'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import * as page from './members-id'

useTestDatabase()

describe('the profile screen', () => {
  it('composes the like and the conversation with the profile, and opening it clears the new-like mark', async () => {
    const viewer = await createMember({ gender: 'male' })
    const liker = await createMember()
    await db().insert(likes).values({ likerId: liker.profileId, likedId: viewer.profileId })
    const context = { viewer: await getViewer(viewer.userId), sessionToken: null, clientIp: '10.0.0.1' }
    const r = (await page.loader({
      request: new Request(`http://localhost/members/${liker.profileId}`),
      params: { id: String(liker.profileId) },
      context,
    } as never)) as { kind: string; liked: boolean; conversationId: number | null }
    expect(r).toMatchObject({ kind: 'ok', liked: false, conversationId: null })
    const [l] = await db().select({ isNew: likes.isNew }).from(likes)
    expect(l.isNew).toBe(false)
  })
})
