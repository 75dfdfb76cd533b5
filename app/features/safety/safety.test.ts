import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { listChats } from '#app/features/chat/conversations.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { likeProfile, listLikes } from '#app/features/likes/likes.server'
import { loadProfilePage } from '#app/features/profiles/profile-page.server'
import { searchMembers } from '#app/features/search/search-members.server'
import type { SearchQuery } from '#app/features/search/search.schema'
import { canViewProfile } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { blocks, conversationMembers, likes, profileImages, profiles, reports } from '#db/schema/index'
import { blockMember, listBlocked, unblockMember } from './block.server'
import { reportProfile } from './report.server'

useTestDatabase()

const everyone: SearchQuery = { gender: 'any', country: '', countryregion: '', min_age: 18, max_age: 99, page: 1 }

async function searchIds(viewerId: number): Promise<number[]> {
  return (await searchMembers(viewerId, everyone, 100)).profiles.map((p) => p.id)
}

async function likeRows() {
  return db().select({ liker: likes.likerId, liked: likes.likedId }).from(likes)
}

async function send(from: number, to: number, body: string) {
  const r = await sendMessage({ senderId: from, toProfileId: to, clientId: crypto.randomUUID(), body })
  if (!r.ok) throw new Error(`send failed: ${r.error}`)
  return r.message
}

describe('blockMember', () => {
  it('removes likes both ways and hides the conversation for the blocker', async () => {
    const blocker = await createMember({ name: 'Bettina' })
    const blocked = await createMember({ gender: 'male', name: 'Boris' })
    const bystander = await createMember({ gender: 'male' })
    await likeProfile(blocker.profileId, blocked.profileId)
    await likeProfile(blocked.profileId, blocker.profileId)
    await likeProfile(bystander.profileId, blocker.profileId)
    const m = await send(blocked.profileId, blocker.profileId, 'hi')
    expect(await listChats(blocker.profileId)).toHaveLength(1)

    expect(await blockMember(blocker.profileId, blocked.profileId)).toBe(true)
    // Likes between the two are gone; others stay.
    expect(await likeRows()).toEqual([{ liker: bystander.profileId, liked: blocker.profileId }])
    const [row] = await db()
      .select({ hidden: conversationMembers.hidden, unread: conversationMembers.unreadCount })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, m.conversationId), eq(conversationMembers.profileId, blocker.profileId)))
    expect(row).toEqual({ hidden: true, unread: 0 })
    expect(await listChats(blocker.profileId)).toEqual([])
    // The blocked member no longer has the conversation in their list either, nor the likes.
    expect(await listChats(blocked.profileId)).toEqual([])
    expect(await listLikes(blocked.profileId, 'received')).toEqual([])
    expect(await listLikes(blocked.profileId, 'sent')).toEqual([])
    // Blocking twice is harmless; blocking oneself or an unknown profile is refused.
    expect(await blockMember(blocker.profileId, blocked.profileId)).toBe(true)
    expect(await db().select().from(blocks)).toHaveLength(1)
    expect(await blockMember(blocker.profileId, blocker.profileId)).toBe(false)
    expect(await blockMember(blocker.profileId, 987_654)).toBe(false)
  })

  it('refuses a profile the blocker may not see, whose card the blocked list would show; blocking back is allowed', async () => {
    const me = await createMember({ gender: 'male' })
    const hidden = await createMember({ name: 'Hidden', privacyMode: true })
    const disabled = await createMember({ name: 'Gone', profileStatus: 'disabled' })
    expect(await blockMember(me.profileId, hidden.profileId)).toBe(false)
    expect(await blockMember(me.profileId, disabled.profileId)).toBe(false)
    expect(await listBlocked(me.profileId)).toEqual([])
    // A member in privacy mode who wrote to me is someone I know: blocking them works.
    await send(hidden.profileId, me.profileId, 'hi')
    expect(await blockMember(me.profileId, hidden.profileId)).toBe(true)
    // So does blocking back someone who blocked me (their profile says "blocked", with their name).
    const blocker = await createMember({ name: 'First' })
    await blockMember(blocker.profileId, me.profileId)
    expect(await blockMember(me.profileId, blocker.profileId)).toBe(true)
    expect((await listBlocked(me.profileId)).map((c) => c.name).sort()).toEqual(['First', 'Hidden'])
  })

  it('hides the blocker from the blocked member: profile ("blocked" with the name), search, contact', async () => {
    const blocker = await createMember({ name: 'Bettina' })
    const blocked = await createMember({ gender: 'male' })
    await blockMember(blocker.profileId, blocked.profileId)
    expect(await canViewProfile(blocked.profileId, blocker.profileId)).toEqual({ ok: false, reason: 'blocked', targetName: 'Bettina' })
    expect(await loadProfilePage(blocked.profileId, blocker.profileId)).toEqual({ kind: 'blocked', name: 'Bettina' })
    expect(await searchIds(blocked.profileId)).not.toContain(blocker.profileId)
    expect(await likeProfile(blocked.profileId, blocker.profileId)).toEqual({ ok: false, error: 'blocked' })
    expect((await sendMessage({ senderId: blocked.profileId, toProfileId: blocker.profileId, clientId: crypto.randomUUID(), body: 'x' })).ok).toBe(false)
    // The blocker does not find the blocked member in search either, and cannot write to them.
    expect(await searchIds(blocker.profileId)).not.toContain(blocked.profileId)
    expect(await likeProfile(blocker.profileId, blocked.profileId)).toEqual({ ok: false, error: 'blocked' })
    // The blocker's profile page says they are blocking.
    expect(await loadProfilePage(blocker.profileId, blocked.profileId)).toMatchObject({ kind: 'ok', blocking: true })
  })
})

describe('unblockMember and listBlocked', () => {
  it('lists the blocked members and restores visibility after unblocking', async () => {
    const me = await createMember({ name: 'Me' })
    const zoe = await createMember({ name: 'Zoe' })
    const adam = await createMember({ gender: 'male', name: 'Adam' })
    const [img] = await db()
      .insert(profileImages)
      .values({
        profileId: adam.profileId,
        filename: 'a.webp',
        thumbFilename: 'a-t.webp',
        matchFilename: 'a-m.webp',
        blurredFilename: 'a-b.webp',
        status: 'active',
      })
      .returning({ id: profileImages.id })
    await db().update(profiles).set({ mainImageId: img.id }).where(eq(profiles.id, adam.profileId))
    await blockMember(me.profileId, zoe.profileId)
    await blockMember(me.profileId, adam.profileId)

    const list = await listBlocked(me.profileId)
    expect(list.map((c) => c.name)).toEqual(['Adam', 'Zoe'])
    expect(list[0]).toMatchObject({ id: adam.profileId, thumb: 'a-t.webp' })
    expect(await listBlocked(zoe.profileId)).toEqual([])

    await unblockMember(me.profileId, zoe.profileId)
    expect((await listBlocked(me.profileId)).map((c) => c.name)).toEqual(['Adam'])
    expect(await canViewProfile(zoe.profileId, me.profileId)).toEqual({ ok: true })
    expect(await searchIds(zoe.profileId)).toContain(me.profileId)
    expect(await searchIds(me.profileId)).toContain(zoe.profileId)
    expect((await likeProfile(zoe.profileId, me.profileId)).ok).toBe(true)
    // Unblocking only lifts one's own block.
    await unblockMember(zoe.profileId, adam.profileId)
    expect(await listBlocked(me.profileId)).toHaveLength(1)
  })

  it('after unblocking, the conversation comes back with the next message', async () => {
    const me = await createMember()
    const other = await createMember({ gender: 'male' })
    await send(other.profileId, me.profileId, 'before')
    await blockMember(me.profileId, other.profileId)
    await unblockMember(me.profileId, other.profileId)
    expect((await listChats(other.profileId)).map((c) => c.profile.id)).toEqual([me.profileId])
    await send(other.profileId, me.profileId, 'after')
    const chats = await listChats(me.profileId)
    expect(chats.map((c) => [c.profile.id, c.num_unread_messages])).toEqual([[other.profileId, 1]])
  })
})

describe('reportProfile', () => {
  it('stores a report of a profile and of one of its photos', async () => {
    const reporter = await createMember()
    const target = await createMember({ gender: 'male' })
    const [img] = await db()
      .insert(profileImages)
      .values({
        profileId: target.profileId,
        filename: 't.webp',
        thumbFilename: 't-t.webp',
        matchFilename: 't-m.webp',
        blurredFilename: 't-b.webp',
        status: 'active',
      })
      .returning({ id: profileImages.id })
    expect(await reportProfile({ reporterId: reporter.profileId, targetId: target.profileId, reason: 'fake_profile', details: 'Stolen pictures' })).toBe(true)
    expect(await reportProfile({ reporterId: reporter.profileId, targetId: target.profileId, reason: 'inappropriate_photo', imageId: img.id })).toBe(true)
    const rows = await db().select().from(reports).orderBy(reports.id)
    expect(rows.map((r) => ({ reporterId: r.reporterId, targetId: r.targetId, reason: r.reason, details: r.details, imageId: r.imageId }))).toEqual([
      { reporterId: reporter.profileId, targetId: target.profileId, reason: 'fake_profile', details: 'Stolen pictures', imageId: null },
      { reporterId: reporter.profileId, targetId: target.profileId, reason: 'inappropriate_photo', details: null, imageId: img.id },
    ])
  })

  it('refuses reporting oneself, an unknown profile, and an image of another profile', async () => {
    const reporter = await createMember()
    const target = await createMember({ gender: 'male' })
    const third = await createMember({ gender: 'male' })
    const [foreign] = await db()
      .insert(profileImages)
      .values({
        profileId: third.profileId,
        filename: 'f.webp',
        thumbFilename: 'f-t.webp',
        matchFilename: 'f-m.webp',
        blurredFilename: 'f-b.webp',
        status: 'active',
      })
      .returning({ id: profileImages.id })
    expect(await reportProfile({ reporterId: reporter.profileId, targetId: reporter.profileId, reason: 'spam' })).toBe(false)
    expect(await reportProfile({ reporterId: reporter.profileId, targetId: 987_654, reason: 'spam' })).toBe(false)
    expect(await reportProfile({ reporterId: reporter.profileId, targetId: target.profileId, reason: 'inappropriate_photo', imageId: foreign.id })).toBe(false)
    expect(await reportProfile({ reporterId: reporter.profileId, targetId: target.profileId, reason: 'inappropriate_photo', imageId: 987_654 })).toBe(false)
    expect(await db().select().from(reports)).toEqual([])
  })
})
