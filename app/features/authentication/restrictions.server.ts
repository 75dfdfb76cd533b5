import { eq, sql } from 'drizzle-orm'
import type { Tx } from '#db/client.server'
import { accountRestrictions, profiles } from '#db/schema/index'

/**
 * Whether a moderator's ban or a running suspension holds for the member (app/features/console/moderation). Every path
 * that lists a profile again (activation, reactivation) asks in the transaction that lists it: only the decision's
 * reversal or a suspension's end lifts one. The profile row is locked first, as restrictAccount writes it: a ban
 * decided at the same moment either waits for this transaction and hides the profile after it, or is seen here.
 */
export async function restrictionHolds(tx: Tx, userId: number): Promise<boolean> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).for('update')
  const [r] = await tx
    .select({ userId: accountRestrictions.userId })
    .from(accountRestrictions)
    .where(sql`${accountRestrictions.userId} = ${userId} and (${accountRestrictions.kind} = 'banned' or ${accountRestrictions.until} > now())`)
  return !!r
}
