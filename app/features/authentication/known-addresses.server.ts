import { and, eq, like, lt, or, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { loginFailures, loginKnownAddresses } from '#db/schema/index'

// How long an address stays known after the last full login from it.
const KNOWN_DAYS = 90

/**
 * Whether this account ('account:<id>' or 'operator:<id>') logged in fully from this address lately. There a
 * stranger's failures from elsewhere do not lock the account out (decision record 028).
 */
export async function isKnownAddress(subject: string, address: string): Promise<boolean> {
  const [row] = await db()
    .select({ at: loginKnownAddresses.lastSuccessAt })
    .from(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.subject, subject),
        eq(loginKnownAddresses.address, address),
        sql`${loginKnownAddresses.lastSuccessAt} > now() - make_interval(days => ${KNOWN_DAYS})`,
      ),
    )
  return !!row
}

/** Remembers a full login (password and, when on, second factor) from this address; forgets the stale ones. */
export async function rememberAddress(subject: string, address: string): Promise<void> {
  await db()
    .insert(loginKnownAddresses)
    .values({ subject, address })
    .onConflictDoUpdate({ target: [loginKnownAddresses.subject, loginKnownAddresses.address], set: { lastSuccessAt: sql`now()` } })
  await db()
    .delete(loginKnownAddresses)
    .where(and(eq(loginKnownAddresses.subject, subject), lt(loginKnownAddresses.lastSuccessAt, sql`now() - make_interval(days => ${KNOWN_DAYS})`)))
}

/** Erasure: the account's known addresses and its failure counts (they name addresses) go with it. */
export async function forgetLoginTraces(subject: string): Promise<void> {
  await db().delete(loginKnownAddresses).where(eq(loginKnownAddresses.subject, subject))
  await db()
    .delete(loginFailures)
    .where(or(eq(loginFailures.key, subject), like(loginFailures.key, `${subject}@%`)))
}
