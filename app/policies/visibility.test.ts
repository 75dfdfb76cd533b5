import { and } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../tests/setup/test-db'
import { createFictional, createMember } from '../../tests/setup/factories'
import { db } from '#db/client.server'
import { blocks, conversations, likes, profiles } from '#db/schema/index'
import { canContact, canViewProfile, isBlocking, listableTo } from './visibility.server'

useTestDatabase()

async function block(blockerId: number, blockedId: number) {
  await db().insert(blocks).values({ blockerId, blockedId })
}

async function like(likerId: number, likedId: number) {
  await db().insert(likes).values({ likerId, likedId })
}

async function converse(a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a]
  await db().insert(conversations).values({ profileLowId: low, profileHighId: high, startedBy: a })
}

/** Ids of all profiles listable to the viewer. */
async function listed(viewerId: number | null): Promise<number[]> {
  const rows = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(listableTo(viewerId)))
  return rows.map((r) => r.id).sort((a, b) => a - b)
}

type Verdict = 'ok' | 'not_found' | 'blocked' | 'self'
const verdict = (a: { ok: boolean; reason?: string }): Verdict => (a.ok ? 'ok' : (a.reason as Verdict))

/** [canViewProfile, canContact (null for a visitor, who cannot contact anyone), listed] for one actor and target. */
async function matrixRow(actor: number | null, target: number) {
  const view = verdict(await canViewProfile(actor, target))
  const contact = actor === null ? null : verdict(await canContact(actor, target))
  const list = (await listed(actor)).includes(target)
  return [view, contact, list]
}

describe('visibility matrix', () => {
  it('a plain active member', async () => {
    const target = await createMember()
    const member = await createMember({ gender: 'male' })
    expect(await matrixRow(null, target.profileId)).toEqual(['ok', null, true])
    expect(await matrixRow(member.profileId, target.profileId)).toEqual(['ok', 'ok', true])
    expect(await matrixRow(target.profileId, target.profileId)).toEqual(['ok', 'self', false])
  })

  it('a fictional profile is seen and contacted like a member', async () => {
    const f = await createFictional()
    const member = await createMember({ gender: 'male' })
    expect(await matrixRow(null, f.profileId)).toEqual(['ok', null, true])
    expect(await matrixRow(member.profileId, f.profileId)).toEqual(['ok', 'ok', true])
  })

  it('blocks: the blocked member sees "blocked" with the name; the blocker may look but not contact', async () => {
    const blocker = await createMember({ name: 'Bettina' })
    const blocked = await createMember({ gender: 'male' })
    const bystander = await createMember({ gender: 'male' })
    await block(blocker.profileId, blocked.profileId)

    expect(await canViewProfile(blocked.profileId, blocker.profileId)).toEqual({ ok: false, reason: 'blocked', targetName: 'Bettina' })
    expect(await matrixRow(blocked.profileId, blocker.profileId)).toEqual(['blocked', 'blocked', false])
    expect(await matrixRow(blocker.profileId, blocked.profileId)).toEqual(['ok', 'blocked', false])
    // Nobody else is affected by the block.
    expect(await matrixRow(bystander.profileId, blocker.profileId)).toEqual(['ok', 'ok', true])
    expect(await matrixRow(bystander.profileId, blocked.profileId)).toEqual(['ok', 'ok', true])
    expect(await matrixRow(null, blocker.profileId)).toEqual(['ok', null, true])

    expect(await isBlocking(blocker.profileId, blocked.profileId)).toBe(true)
    expect(await isBlocking(blocked.profileId, blocker.profileId)).toBe(false)
  })

  it('an existing conversation does not lift a block', async () => {
    const blocker = await createMember()
    const blocked = await createMember({ gender: 'male' })
    await converse(blocked.profileId, blocker.profileId)
    await block(blocker.profileId, blocked.profileId)
    expect(await matrixRow(blocked.profileId, blocker.profileId)).toEqual(['blocked', 'blocked', false])
    expect(await matrixRow(blocker.profileId, blocked.profileId)).toEqual(['ok', 'blocked', false])
  })

  it('an invisible member: viewable, not listed, contactable only from an existing conversation', async () => {
    const target = await createMember({ invisible: true })
    const stranger = await createMember({ gender: 'male' })
    const partner = await createMember({ gender: 'male' })
    await converse(partner.profileId, target.profileId)

    expect(await matrixRow(null, target.profileId)).toEqual(['ok', null, false])
    expect(await matrixRow(stranger.profileId, target.profileId)).toEqual(['ok', 'not_found', false])
    expect(await matrixRow(partner.profileId, target.profileId)).toEqual(['ok', 'ok', false])
    expect(await matrixRow(target.profileId, target.profileId)).toEqual(['ok', 'self', false])
    // The invisible member may still reach out to others.
    expect(await matrixRow(target.profileId, stranger.profileId)).toEqual(['ok', 'ok', true])
  })

  it('a privacy-mode member: only for people they liked or talk with', async () => {
    const target = await createMember({ privacyMode: true })
    const liked = await createMember({ gender: 'male' })
    const notLiked = await createMember({ gender: 'male' })
    const likesTarget = await createMember({ gender: 'male' })
    const partner = await createMember({ gender: 'male' })
    await like(target.profileId, liked.profileId)
    await like(likesTarget.profileId, target.profileId)
    await converse(target.profileId, partner.profileId)

    expect(await matrixRow(null, target.profileId)).toEqual(['not_found', null, false])
    expect(await matrixRow(liked.profileId, target.profileId)).toEqual(['ok', 'ok', true])
    expect(await matrixRow(notLiked.profileId, target.profileId)).toEqual(['not_found', 'not_found', false])
    // Liking a privacy-mode member does not open their profile.
    expect(await matrixRow(likesTarget.profileId, target.profileId)).toEqual(['not_found', 'not_found', false])
    // A conversation opens the profile (search lists only whom they liked).
    expect((await matrixRow(partner.profileId, target.profileId)).slice(0, 2)).toEqual(['ok', 'ok'])
    expect(await matrixRow(target.profileId, target.profileId)).toEqual(['ok', 'self', false])
  })

  it('a disabled profile: only its owner sees it', async () => {
    const target = await createMember({ profileStatus: 'disabled' })
    const member = await createMember({ gender: 'male' })
    await converse(member.profileId, target.profileId)
    expect(await matrixRow(null, target.profileId)).toEqual(['not_found', null, false])
    expect(await matrixRow(member.profileId, target.profileId)).toEqual(['not_found', 'not_found', false])
    expect(await matrixRow(target.profileId, target.profileId)).toEqual(['ok', 'self', false])
  })

  it('an unknown profile is not found for everybody', async () => {
    const member = await createMember()
    expect(await canViewProfile(null, 987_654)).toEqual({ ok: false, reason: 'not_found' })
    expect(await canViewProfile(member.profileId, 987_654)).toEqual({ ok: false, reason: 'not_found' })
    expect(await canContact(member.profileId, 987_654)).toEqual({ ok: false, reason: 'not_found' })
  })

  it('listableTo lists exactly the visible others for members and visitors', async () => {
    const viewer = await createMember()
    const plain = await createMember()
    const fic = await createFictional()
    await createMember({ invisible: true })
    await createMember({ profileStatus: 'disabled' })
    const privLikedViewer = await createMember({ privacyMode: true })
    await createMember({ privacyMode: true })
    const blocker = await createMember()
    const blockee = await createMember()
    await like(privLikedViewer.profileId, viewer.profileId)
    await block(blocker.profileId, viewer.profileId)
    await block(viewer.profileId, blockee.profileId)
    const sorted = (xs: number[]) => xs.sort((a, b) => a - b)
    expect(await listed(viewer.profileId)).toEqual(sorted([plain.profileId, fic.profileId, privLikedViewer.profileId]))
    expect(await listed(null)).toEqual(sorted([viewer.profileId, plain.profileId, fic.profileId, blocker.profileId, blockee.profileId]))
  })
})
