import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm'
import { mediaStore } from '#app/adapters/storage/index.server'
import { MEDIA_AREAS, memberMediaPrefixes } from '#app/adapters/storage/media-store'
import { forgetLoginTraces } from '#app/features/authentication/known-addresses.server'
import { db, type Tx } from '#db/client.server'
import { accountDeletions, conversations, messages, profileImages, profiles, users } from '#db/schema/index'
import { revokeSessions } from '#app/features/authentication/revoke-sessions.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { restrictionHolds } from '#app/features/authentication/restrictions.server'
import { securityLog } from '#app/lib/security-log.server'
import { sendAccountEmail } from './account-mail.server'
import { consumeToken } from './tokens.server'

export const REACTIVATION_DAYS = 14

/**
 * Deleting an account: it becomes pending_deletion (hidden everywhere), every session ends, the reason is kept
 * without personal data, and a reactivation link valid for 14 days is e-mailed. The operator console erases on a
 * member's request through this same function, writing its audit line in `inTransaction`.
 */
export async function requestAccountDeletion(userId: number, reason: string, opts: { inTransaction?: (tx: Tx) => Promise<void> } = {}): Promise<void> {
  await db().transaction(async (tx) => {
    await opts.inTransaction?.(tx)
    await tx
      .update(users)
      .set({ status: 'pending_deletion', deletionRequestedAt: sql`now()` })
      .where(eq(users.id, userId))
    await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, userId))
    await revokeSessions(tx, { userId }, 'deletion')
    await tx.insert(accountDeletions).values({ reason })
  })
  wakeJobRunner()
  await sendAccountEmail(userId, 'reactivation', { values: { days: REACTIVATION_DAYS } })
}

/**
 * Follows a reactivation link within the window: the account is active again. A member banned or suspended keeps
 * the restriction (issue 24, point 8): the deletion is undone, the profile stays hidden, and no session is started
 * (`restricted` tells the page to say why, as the login does).
 */
export async function reactivateAccount(token: string | null): Promise<{ ok: true; userId: number; restricted: boolean } | { ok: false }> {
  const used = await consumeToken(token, 'reactivation')
  if (!used) return { ok: false }
  return db().transaction(async (tx) => {
    const [u] = await tx
      .update(users)
      .set({ status: sql`case when ${users.confirmedAt} is null then 'not_confirmed' else 'active' end`, deletionRequestedAt: null })
      .where(and(eq(users.id, used.userId), eq(users.status, 'pending_deletion')))
      .returning({ id: users.id, status: users.status })
    if (!u) return { ok: false as const }
    if (await restrictionHolds(tx, u.id)) {
      securityLog('account.restriction_kept', { userId: u.id, reason: 'reactivation' })
      return { ok: true as const, userId: u.id, restricted: true }
    }
    if (u.status === 'active') await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, u.id))
    return { ok: true as const, userId: u.id, restricted: false }
  })
}

/** Sends a fresh reactivation link to an account pending deletion (from the signup or login page). */
export async function resendReactivation(email: string): Promise<boolean> {
  const [u] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.status, 'pending_deletion')))
  if (!u) return false
  await sendAccountEmail(u.id, 'reactivation', { values: { days: REACTIVATION_DAYS } })
  return true
}

/**
 * The erasure job: accounts pending deletion for longer than the window lose their personal data and photos for
 * good (the user row goes, and with it profile, messages, likes and sessions by cascade). Every stored file of the
 * member goes too: their photos, the photos of the chats that vanish with them (the partner's as well: their
 * message is gone), and anything else stored under the member's names that no row points at any more.
 */
export async function purgeExpiredDeletions(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REACTIVATION_DAYS * 86400_000)
  const expired = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'pending_deletion'), lt(users.deletionRequestedAt, cutoff)))
  if (!expired.length) return 0
  const ids = expired.map((u) => u.id)
  const profileIds = (await db().select({ id: profiles.id }).from(profiles).where(inArray(profiles.userId, ids))).map((p) => p.id)
  const photos = await db()
    .select({ a: profileImages.filename, b: profileImages.thumbFilename, c: profileImages.matchFilename, d: profileImages.blurredFilename })
    .from(profileImages)
    .where(inArray(profileImages.profileId, profileIds.length ? profileIds : [-1]))
  const chatPhotos = profileIds.length
    ? await db()
        .select({ photo: messages.photo })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.kind, 'photo'),
            isNotNull(messages.photo),
            or(inArray(conversations.profileLowId, profileIds), inArray(conversations.profileHighId, profileIds)),
          ),
        )
    : []
  await db().delete(users).where(inArray(users.id, ids))
  for (const id of ids) await forgetLoginTraces(`account:${id}`)
  const store = mediaStore()
  // Listed after the rows went: an upload that finished in between is found too.
  const named = await Promise.all(profileIds.flatMap((id) => memberMediaPrefixes(id).flatMap((prefix) => MEDIA_AREAS.map((area) => store.list(area, prefix)))))
  const names = new Set([...photos.flatMap((f) => [f.a, f.b, f.c, f.d]), ...chatPhotos.map((m) => m.photo!), ...named.flat()])
  await store.delete([...names])
  return ids.length
}
