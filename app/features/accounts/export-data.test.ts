import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
// The export gathers what other features stored; they are used here to store it the real way.
 
import { sendMessage } from '#app/features/chat/send-message.server'
 
import { likeProfile } from '#app/features/likes/likes.server'
import { blockMember } from '#app/features/safety/block.server'
import { db } from '#db/client.server'
import { interests, profileImages, profileInterests, profiles, users } from '#db/schema/index'
import { exportAccountData } from './export-data.server'
import { createSession } from '#app/features/authentication/sessions.server'

useTestDatabase()

async function send(from: number, to: number, body: string) {
  const r = await sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })
  if (!r.ok) throw new Error(`send failed: ${r.error}`)
}

describe('exportAccountData', () => {
  it('contains the member’s account, profile, photos, messages both ways, likes and blocks', async () => {
    const me = await createMember({ email: 'me@example.com', name: 'Mira', country: 'DE' })
    const bert = await createMember({ email: 'bert.secret@example.com', name: 'Bertram', gender: 'male' })
    const carl = await createMember({ email: 'carl.secret@example.com', name: 'Carlos', gender: 'male' })
    const dan = await createMember({ email: 'dan.secret@example.com', name: 'Daniel', gender: 'male' })
    await db().update(profiles).set({ aboutMe: 'I like hiking', city: 'Berlin' }).where(eq(profiles.id, me.profileId))
    const [hiking] = await db().select().from(interests).limit(1)
    await db().insert(profileInterests).values({ profileId: me.profileId, interestId: hiking.id })
    const [photo] = await db()
      .insert(profileImages)
      .values({ profileId: me.profileId, filename: 'me.webp', thumbFilename: 'me-t.webp', matchFilename: 'me-m.webp', blurredFilename: 'me-b.webp', status: 'active' })
      .returning({ id: profileImages.id })
    await db()
      .insert(profileImages)
      .values({ profileId: bert.profileId, filename: 'bert.webp', thumbFilename: 'bert-t.webp', matchFilename: 'bert-m.webp', blurredFilename: 'bert-b.webp', status: 'active' })

    await send(me.profileId, bert.profileId, 'Hello Bertram')
    await send(bert.profileId, me.profileId, 'Hi Mira')
    await send(me.profileId, bert.profileId, 'How are you?')
    await send(carl.profileId, dan.profileId, 'not mine')
    await likeProfile(me.profileId, bert.profileId)
    await likeProfile(carl.profileId, me.profileId)
    await blockMember(me.profileId, dan.profileId)
    await createSession(me.userId, 'Test browser')

    const data = await exportAccountData(me.userId)
    expect(data).not.toBeNull()
    if (!data) return
    expect(data.account).toMatchObject({ email: 'me@example.com', status: 'active', language: 'en' })
    expect(data.profile).toMatchObject({ id: me.profileId, name: 'Mira', country: 'DE', city: 'Berlin', aboutMe: 'I like hiking', interests: [hiking.slug] })
    expect(data.photos).toEqual([expect.objectContaining({ id: photo.id, status: 'active', file: 'me.webp' })])

    expect(data.conversations).toHaveLength(1)
    expect(data.conversations[0].with_profile_id).toBe(bert.profileId)
    expect(data.conversations[0].messages.map((m) => [m.from_me, m.body])).toEqual([
      [true, 'Hello Bertram'],
      [false, 'Hi Mira'],
      [true, 'How are you?'],
    ])
    expect(data.likes_given.map((l) => l.profile_id)).toEqual([bert.profileId])
    expect(data.likes_received.map((l) => l.profile_id)).toEqual([carl.profileId])
    expect(data.blocked_members.map((b) => b.profile_id)).toEqual([dan.profileId])
    expect(data.sessions).toEqual([expect.objectContaining({ user_agent: 'Test browser' })])

    // Nothing of other members beyond their profile ids: no e-mail, no name, no photo, no password hash.
    const json = JSON.stringify(data)
    for (const secret of ['bert.secret@example.com', 'carl.secret@example.com', 'dan.secret@example.com', 'Carlos', 'Daniel', 'bert.webp', 'not mine']) {
      expect(json, secret).not.toContain(secret)
    }
    const [hash] = await db().select({ h: users.passwordHash }).from(users).where(eq(users.id, me.userId))
    expect(json).not.toContain(hash.h)
    expect(json).not.toContain('argon2')
    expect(JSON.parse(json)).toBeTruthy()
  })

  it('answers null for an unknown account', async () => {
    expect(await exportAccountData(987_654)).toBeNull()
  })
})
