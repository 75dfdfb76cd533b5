import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { forgetLoginTraces } from '#app/features/authentication/known-addresses.server'
import { deleteMedia } from '#app/adapters/storage/disk-storage.server'
import { env } from '#app/lib/env.server'
import { db, type Tx } from '#db/client.server'
import { accountDeletions, profileImages, profiles, sessions, users } from '#db/schema/index'
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
    await tx.update(users).set({ status: 'pending_deletion', deletionRequestedAt: sql`now()` }).where(eq(users.id, userId))
    await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, userId))
    await tx.delete(sessions).where(eq(sessions.userId, userId))
    await tx.insert(accountDeletions).values({ reason })
  })
  await sendAccountEmail(userId, 'reactivation', { values: { days: REACTIVATION_DAYS } })
}

/** Follows a reactivation link within the window: the account is active again. */
export async function reactivateAccount(token: string | null): Promise<{ ok: true; userId: number } | { ok: false }> {
  const used = await consumeToken(token, 'reactivation')
  if (!used) return { ok: false }
  const [u] = await db()
    .update(users)
    .set({ status: sql`case when ${users.confirmedAt} is null then 'not_confirmed' else 'active' end`, deletionRequestedAt: null })
    .where(and(eq(users.id, used.userId), eq(users.status, 'pending_deletion')))
    .returning({ id: users.id, status: users.status })
  if (!u) return { ok: false }
  if (u.status === 'active') await db().update(profiles).set({ status: 'active' }).where(eq(profiles.userId, u.id))
  return { ok: true, userId: u.id }
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
 * good (the user row goes, and with it profile, messages, likes and sessions by cascade).
 */
export async function purgeExpiredDeletions(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REACTIVATION_DAYS * 86400_000)
  const expired = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'pending_deletion'), lt(users.deletionRequestedAt, cutoff)))
  if (!expired.length) return 0
  const ids = expired.map((u) => u.id)
  const files = await db()
    .select({ a: profileImages.filename, b: profileImages.thumbFilename, c: profileImages.matchFilename, d: profileImages.blurredFilename })
    .from(profileImages)
    .innerJoin(profiles, eq(profiles.id, profileImages.profileId))
    .where(inArray(profiles.userId, ids))
  await db().delete(users).where(inArray(users.id, ids))
  for (const id of ids) await forgetLoginTraces(`account:${id}`)
  const dataDir = env().DATA_DIR
  await Promise.all(files.flatMap((f) => [f.a, f.b, f.c, f.d]).map((n) => deleteMedia(dataDir, n)))
  return ids.length
}
