import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { captureMail, expectedBaseUrl, linkToken } from '../../../tests/setup/mail'
import { tempDir, uploadsDir } from '#app/adapters/storage/disk-storage.server'
import { mediaStore } from '#app/adapters/storage/index.server'
// Erasure must take the member's photos and messages with it, so this test stores some through their features.

import { sendChatPhoto } from '#app/features/chat/chat-photos.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { uploadPhoto } from '#app/features/photos/photos.server'
import { db } from '#db/client.server'
import { accountDeletions, accountTokens, conversations, loginFailures, loginKnownAddresses, messages, profileImages, profiles, users } from '#db/schema/index'
import { purgeExpiredDeletions, reactivateAccount, requestAccountDeletion, resendReactivation } from './deletion.server'
import { restrictAccount } from '#app/features/console/moderation/decisions.server'
import { login } from '#app/features/authentication/login.server'
import { createSession, userIdForSession } from '#app/features/authentication/sessions.server'
import { getViewer } from '#app/features/authentication/viewer.server'

useTestDatabase()
const sent = captureMail()

const DAY = 86400_000

/** An active, confirmed member (as after signup and activation). */
async function confirmedMember(opts: Parameters<typeof createMember>[0] = {}) {
  const m = await createMember(opts)
  await db()
    .update(users)
    .set({ confirmedAt: sql`now()` })
    .where(eq(users.id, m.userId))
  return m
}

async function userRow(userId: number) {
  const [u] = await db().select().from(users).where(eq(users.id, userId))
  return u ?? null
}

async function profileRow(profileId: number) {
  const [p] = await db().select().from(profiles).where(eq(profiles.id, profileId))
  return p ?? null
}

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 240, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()
}

function filesOnDisk(names: string[]): string[] {
  const dataDir = process.env.DATA_DIR!
  return names.filter((n) => fs.existsSync(path.join(uploadsDir(dataDir, 'public'), n)) || fs.existsSync(path.join(uploadsDir(dataDir, 'private'), n)))
}

describe('requestAccountDeletion', () => {
  it('marks the account pending deletion, hides the profile, ends the sessions, keeps the reason and mails a reactivation link', async () => {
    const m = await confirmedMember({ email: 'leaver@example.com', name: 'Lea' })
    const session = await createSession(m.userId)
    await requestAccountDeletion(m.userId, 'found_partner')

    const u = await userRow(m.userId)
    expect(u.status).toBe('pending_deletion')
    expect(u.deletionRequestedAt).toBeInstanceOf(Date)
    expect((await profileRow(m.profileId)).status).toBe('disabled')
    expect(await userIdForSession(session)).toBeNull()
    expect(await getViewer(m.userId)).toBeNull()

    const reasons = await db().select().from(accountDeletions)
    expect(reasons).toHaveLength(1)
    expect(reasons[0].reason).toBe('found_partner')
    // The reason row carries no personal data.
    expect(Object.keys(reasons[0]).sort()).toEqual(['id', 'reason', 'requestedAt'])

    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: 'leaver@example.com', kind: 'reactivation' })
    expect(sent[0].text).toContain('14')
    const token = linkToken(sent[0].text, '/reactivate')
    expect(sent[0].html).toContain(`${expectedBaseUrl()}/reactivate?token=${token}`)
  })
})

describe('reactivateAccount', () => {
  // Issue 24, point 8: a banned member deleted the account and followed the reactivation link: listed again.
  it('undoes the deletion of a banned or suspended member but not the restriction: the profile stays hidden, no login', async () => {
    for (const [i, until] of [null, new Date(Date.now() + 3_600_000)].entries()) {
      const m = await confirmedMember({ email: `restricted${i}@example.com`, password: 'the-password' })
      await db().transaction((tx) => restrictAccount(tx, { userId: m.userId, profileId: m.profileId, decisionId: 9100 + i, until }))
      await requestAccountDeletion(m.userId, 'other')
      const token = linkToken(sent[sent.length - 1].text, '/reactivate')
      expect(await reactivateAccount(token)).toEqual({ ok: true, userId: m.userId, restricted: true })
      expect((await userRow(m.userId)).status).toBe('active')
      expect((await profileRow(m.profileId)).status).toBe('disabled')
      expect(await getViewer(m.userId)).toBeNull()
      expect((await login(`restricted${i}@example.com`, 'the-password', `10.7.0.${i + 1}`)).ok).toBe(false)
    }
  })

  it('brings the account and the profile back within the window; the member can log in again', async () => {
    const m = await confirmedMember({ email: 'back@example.com', password: 'the-password' })
    await requestAccountDeletion(m.userId, 'taking_break')
    expect(await login('back@example.com', 'the-password', '10.9.9.1')).toEqual({ ok: false, error: 'pending_deletion' })

    const token = linkToken(sent[0].text, '/reactivate')
    expect(await reactivateAccount(token)).toEqual({ ok: true, userId: m.userId, restricted: false })
    const u = await userRow(m.userId)
    expect(u.status).toBe('active')
    expect(u.deletionRequestedAt).toBeNull()
    expect((await profileRow(m.profileId)).status).toBe('active')
    expect(await login('back@example.com', 'the-password', '10.9.9.2')).toEqual({ ok: true, userId: m.userId })
    // The link works once, and the reactivated account is not purged later.
    expect(await reactivateAccount(token)).toEqual({ ok: false })
    expect(await purgeExpiredDeletions(new Date(Date.now() + 15 * DAY))).toBe(0)
    expect(await userRow(m.userId)).not.toBeNull()
  })

  it('returns a never-confirmed account to not_confirmed with its profile still hidden', async () => {
    const m = await createMember({ status: 'not_confirmed', profileStatus: 'disabled' })
    await requestAccountDeletion(m.userId, 'other')
    expect((await reactivateAccount(linkToken(sent[0].text, '/reactivate'))).ok).toBe(true)
    expect((await userRow(m.userId)).status).toBe('not_confirmed')
    expect((await profileRow(m.profileId)).status).toBe('disabled')
  })

  it('refuses a link after the 14-day window', async () => {
    const m = await confirmedMember()
    await requestAccountDeletion(m.userId, 'privacy')
    const [t] = await db().select().from(accountTokens).where(eq(accountTokens.userId, m.userId))
    const days = (t.expiresAt.getTime() - Date.now()) / DAY
    expect(days).toBeGreaterThan(13.9)
    expect(days).toBeLessThanOrEqual(14.01)
    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, m.userId))
    expect(await reactivateAccount(linkToken(sent[0].text, '/reactivate'))).toEqual({ ok: false })
    expect((await userRow(m.userId)).status).toBe('pending_deletion')
  })

  it('does nothing for an account that is no longer pending deletion', async () => {
    const m = await confirmedMember()
    await requestAccountDeletion(m.userId, 'privacy')
    const token = linkToken(sent[0].text, '/reactivate')
    await db().update(users).set({ status: 'deleted' }).where(eq(users.id, m.userId))
    expect(await reactivateAccount(token)).toEqual({ ok: false })
    expect((await userRow(m.userId)).status).toBe('deleted')
  })
})

describe('purgeExpiredDeletions', () => {
  it('erases the addresses the member logged in from and their failure counts (issue 24, point 13)', async () => {
    const leaver = await confirmedMember({ email: 'traces@example.com', password: 'right-password' })
    expect((await login('traces@example.com', 'right-password', '10.44.0.1')).ok).toBe(true)
    await login('traces@example.com', 'wrong', '10.44.0.1')
    await login('traces@example.com', 'wrong', '10.44.0.2')
    const traces = async () => [
      ...(await db()
        .select({ s: loginKnownAddresses.subject })
        .from(loginKnownAddresses)
        .where(eq(loginKnownAddresses.subject, `account:${leaver.userId}`))),
      ...(await db()
        .select({ k: loginFailures.key })
        .from(loginFailures)
        .where(sql`${loginFailures.key} like ${`account:${leaver.userId}%`}`)),
    ]
    expect(await traces()).toHaveLength(3)
    await requestAccountDeletion(leaver.userId, 'privacy')
    expect(await purgeExpiredDeletions(new Date(Date.now() + 15 * DAY))).toBe(1)
    expect(await traces()).toEqual([])
  })

  it('erases user, profile, messages and photo files after the window, and nothing before', async () => {
    const leaver = await confirmedMember({ name: 'Leaver' })
    const partner = await confirmedMember({ gender: 'male' })
    const stayer = await confirmedMember()
    const a = await uploadPhoto({ profileId: leaver.profileId, paidUser: false }, await jpeg())
    const b = await uploadPhoto({ profileId: leaver.profileId, paidUser: false }, await jpeg())
    const kept = await uploadPhoto({ profileId: stayer.profileId, paidUser: false }, await jpeg())
    if (!a.ok || !b.ok || !kept.ok) throw new Error('upload failed')
    const images = await db().select().from(profileImages)
    const namesOf = (profileId: number) =>
      images.filter((i) => i.profileId === profileId).flatMap((i) => [i.filename, i.thumbFilename, i.matchFilename, i.blurredFilename])
    const leaverFiles = namesOf(leaver.profileId)
    const stayerFiles = namesOf(stayer.profileId)
    expect(leaverFiles).toHaveLength(8)
    expect(filesOnDisk(leaverFiles)).toEqual(leaverFiles)

    await sendMessage({ senderId: leaver.profileId, toProfileId: partner.profileId, clientId: crypto.randomUUID(), body: 'from leaver' })
    await sendMessage({ senderId: partner.profileId, toProfileId: leaver.profileId, clientId: crypto.randomUUID(), body: 'to leaver' })
    await requestAccountDeletion(leaver.userId, 'privacy')

    // Within the window: nothing is erased.
    expect(await purgeExpiredDeletions(new Date(Date.now() + 13 * DAY))).toBe(0)
    expect(await userRow(leaver.userId)).not.toBeNull()
    expect(filesOnDisk(leaverFiles)).toEqual(leaverFiles)

    expect(await purgeExpiredDeletions(new Date(Date.now() + 15 * DAY))).toBe(1)
    expect(await userRow(leaver.userId)).toBeNull()
    expect(await profileRow(leaver.profileId)).toBeNull()
    expect(await db().select().from(profileImages).where(eq(profileImages.profileId, leaver.profileId))).toEqual([])
    expect(await db().select().from(messages)).toEqual([])
    expect(await db().select().from(conversations)).toEqual([])
    expect(await db().select().from(accountTokens).where(eq(accountTokens.userId, leaver.userId))).toEqual([])
    expect(filesOnDisk(leaverFiles)).toEqual([])
    // Other members keep their accounts and files; the anonymous reason stays for statistics.
    expect(await userRow(partner.userId)).not.toBeNull()
    expect(await userRow(stayer.userId)).not.toBeNull()
    expect(filesOnDisk(stayerFiles)).toEqual(stayerFiles)
    expect(await db().select().from(accountDeletions)).toHaveLength(1)
    // Running the job again finds nothing.
    expect(await purgeExpiredDeletions(new Date(Date.now() + 15 * DAY))).toBe(0)
  })
})

/** Every file in the media folders on disk (both areas and the temporary folder), as `folder/name`. */
function mediaFolders(): string[] {
  const dataDir = process.env.DATA_DIR!
  return [uploadsDir(dataDir, 'public'), uploadsDir(dataDir, 'private'), tempDir(dataDir)].flatMap((dir) =>
    fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => `${path.basename(dir)}/${name}`) : [],
  )
}

describe('erasure leaves no file of the member (issue 24, point 5)', () => {
  it('the media folders hold nothing of the member afterwards: photos, chat photos both ways, stray uploads', async () => {
    const leaver = await confirmedMember({ paidUser: true, credits: 200 })
    const partner = await confirmedMember({ gender: 'male', paidUser: true, credits: 200 })
    const stayer = await confirmedMember({ paidUser: true, credits: 200 })
    const photo = await uploadPhoto({ profileId: leaver.profileId, paidUser: true }, await jpeg())
    const kept = await uploadPhoto({ profileId: stayer.profileId, paidUser: true }, await jpeg())
    if (!photo.ok || !kept.ok) throw new Error('upload failed')
    // Chat photos: one the leaver sent, one the leaver received (it goes with the conversation), one between others.
    const sentPhoto = await sendChatPhoto(leaver.profileId, partner.profileId, crypto.randomUUID(), await jpeg())
    const receivedPhoto = await sendChatPhoto(partner.profileId, leaver.profileId, crypto.randomUUID(), await jpeg())
    const othersPhoto = await sendChatPhoto(stayer.profileId, partner.profileId, crypto.randomUUID(), await jpeg())
    if (!sentPhoto.ok || !receivedPhoto.ok || !othersPhoto.ok) throw new Error('chat photo failed')
    // An upload no row points at (its request died between the file and the row).
    await mediaStore().save(`chat-${leaver.profileId}-stray.webp`, await jpeg(), 'private')
    await mediaStore().save(`${leaver.profileId}-stray.webp`, await jpeg(), 'public')

    const chatFiles = (await db().select({ id: messages.id, photo: messages.photo }).from(messages)).filter((m) => m.photo)
    const fileOf = (id: number) => chatFiles.find((m) => m.id === id)!.photo!
    const leaverImages = await db().select().from(profileImages).where(eq(profileImages.profileId, leaver.profileId))
    const leaverNames = [
      ...leaverImages.flatMap((i) => [i.filename, i.thumbFilename, i.matchFilename, i.blurredFilename]),
      fileOf(sentPhoto.message.id),
      fileOf(receivedPhoto.message.id),
      `chat-${leaver.profileId}-stray.webp`,
      `${leaver.profileId}-stray.webp`,
    ]
    const before = mediaFolders()
    const isLeavers = (entry: string) => leaverNames.includes(path.basename(entry))
    expect(leaverNames.every((n) => before.some((e) => path.basename(e) === n))).toBe(true)

    await requestAccountDeletion(leaver.userId, 'privacy')
    expect(await purgeExpiredDeletions(new Date(Date.now() + 15 * DAY))).toBe(1)

    const after = mediaFolders()
    // Exactly the member's files went, and nothing else.
    expect(after.sort()).toEqual(before.filter((e) => !isLeavers(e)).sort())
    expect(after.filter((e) => path.basename(e).startsWith(`${leaver.profileId}-`) || path.basename(e).startsWith(`chat-${leaver.profileId}-`))).toEqual([])
    expect(after.some((e) => path.basename(e) === fileOf(othersPhoto.message.id))).toBe(true)
  })
})

describe('resendReactivation', () => {
  it('mails a fresh link only to accounts pending deletion', async () => {
    const active = await confirmedMember({ email: 'active@example.com' })
    const pending = await confirmedMember({ email: 'Pending@example.com' })
    await requestAccountDeletion(pending.userId, 'privacy')
    sent.length = 0

    expect(await resendReactivation('active@example.com')).toBe(false)
    expect(await resendReactivation('nobody@example.com')).toBe(false)
    expect(sent).toEqual([])

    expect(await resendReactivation('pending@EXAMPLE.com')).toBe(true)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ to: 'Pending@example.com', kind: 'reactivation' })
    expect((await reactivateAccount(linkToken(sent[0].text, '/reactivate'))).ok).toBe(true)
    expect((await userRow(pending.userId)).status).toBe('active')
    expect((await userRow(active.userId)).status).toBe('active')
  })
})
