import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '#db/client.server'
import { directDebitBlocklist, directDebitMandates, memberFlags, payments } from '#db/schema/index'

/**
 * Direct debit is credit: the member's credits are booked while the bank still collects (decision record 011), and a
 * collection can fail or be reversed weeks later. This module bounds that credit and closes it to whoever has
 * taken money back once (issue 24, point 1):
 *  - the money of collections not (or no longer) paid counts against direct_debit_limit_minor over all time, so a
 *    failed collection never frees its allowance again;
 *  - a failed collection, or a chargeback of a collection, flags the member and puts the mandate's IBAN and phone
 *    (their keyed hashes, as the form stored them) on the blocklist;
 *  - an unresolved flag (failed collection or any chargeback) closes direct debit for the member.
 */

/** The flags that close direct debit to a member while unresolved: they once took back money they owed. */
export const DIRECT_DEBIT_BLOCKING_FLAGS = ['collection_failed', 'chargeback'] as const
export type MemberFlagReason = (typeof DIRECT_DEBIT_BLOCKING_FLAGS)[number]

/** Something for the operators to look at (shown in the console's member page), once per reason and payment. */
export async function flagMember(tx: Tx, userId: number, reason: MemberFlagReason, reference: string): Promise<void> {
  await tx.insert(memberFlags).values({ userId, reason, reference }).onConflictDoNothing()
}

/** Whether direct debit is closed for a member, or for an IBAN or phone (by the keyed hashes the form computed). */
export async function isDirectDebitBlocked(q: DbOrTx, who: { userId?: number; ibanHash?: string | null; phoneHash?: string | null }): Promise<boolean> {
  if (who.userId !== undefined) {
    const [flag] = await q
      .select({ id: memberFlags.id })
      .from(memberFlags)
      .where(and(eq(memberFlags.userId, who.userId), inArray(memberFlags.reason, [...DIRECT_DEBIT_BLOCKING_FLAGS]), isNull(memberFlags.resolvedAt)))
      .limit(1)
    if (flag) return true
  }
  const ibanHash = who.ibanHash ?? ''
  const phoneHash = who.phoneHash ?? ''
  if (!ibanHash && !phoneHash) return false
  const rows = await q
    .select({ id: directDebitBlocklist.id })
    .from(directDebitBlocklist)
    .where(
      sql`(${directDebitBlocklist.kind} = 'iban' and ${directDebitBlocklist.valueHash} = ${ibanHash}) or (${directDebitBlocklist.kind} = 'phone' and ${directDebitBlocklist.valueHash} = ${phoneHash})`,
    )
    .limit(1)
  return rows.length > 0
}

/** The keyed hashes of the IBAN and phone of a mandate, as stored when its form was sent. */
export async function mandateHashes(q: DbOrTx, mandateId: number): Promise<{ ibanHash: string; phoneHash: string } | null> {
  const [m] = await q
    .select({ ibanHash: directDebitMandates.ibanHash, phoneHash: directDebitMandates.phoneHash })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.id, mandateId))
  return m ?? null
}

/**
 * A collection failed or was charged back: the member is flagged, and the IBAN and phone of its mandate go on the
 * blocklist, so neither another account nor another IBAN of this one can start the loop again. The stored hashes
 * are copied, never recomputed here: the form's hashing function (direct-debit.server.ts) stays the only one.
 */
export async function blockDirectDebitAfter(tx: Tx, p: { id: number; userId: number; mandateId: number | null }, reason: MemberFlagReason): Promise<void> {
  await flagMember(tx, p.userId, reason, `payment:${p.id}`)
  const hashes = p.mandateId === null ? null : await mandateHashes(tx, p.mandateId)
  if (!hashes) return
  await tx
    .insert(directDebitBlocklist)
    .values([
      { kind: 'iban', valueHash: hashes.ibanHash, reason: `${reason} payment:${p.id}` },
      { kind: 'phone', valueHash: hashes.phoneHash, reason: `${reason} payment:${p.id}` },
    ])
    .onConflictDoNothing()
}

/**
 * The money a member owes us or took back on direct debit, over all time: collections not yet paid (open or
 * pending, already credited), collections that failed, and what was charged back of paid ones. This is the
 * credit the site has given; with the purchase asked for, it may not exceed direct_debit_limit_minor.
 */
export async function unsecuredDirectDebitMinor(q: DbOrTx, userId: number): Promise<number> {
  const [r] = await q
    .select({
      sum: sql<number>`coalesce(sum(case when ${payments.collectionFailed} or ${payments.status} in ('open', 'pending') then ${payments.totalMinor} else least(${payments.chargedBackMinor}, ${payments.totalMinor}) end), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.method, 'sepa_direct_debit')))
  return r.sum
}
