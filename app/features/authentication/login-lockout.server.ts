import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { loginFailures } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'

/**
 * Wrong passwords are counted per account and per address in the database, so every server process agrees.
 * After too many within the window the key is blocked for login_block_minutes (spec section 4).
 */
export function lockoutKeys(userId: number | null, ip: string): string[] {
  return [...(userId ? [`account:${userId}`] : []), `ip:${ip}`]
}

/** Minutes until the first of these keys is unblocked, or 0 when none is blocked. */
export async function blockedMinutes(keys: string[]): Promise<number> {
  const rows = await db()
    .select({ until: loginFailures.blockedUntil })
    .from(loginFailures)
    .where(inArray(loginFailures.key, keys))
  return minutesUntil(rows.map((r) => r.until))
}

function minutesUntil(dates: (Date | null)[]): number {
  const now = Date.now()
  const ms = Math.max(0, ...dates.map((d) => (d ? d.getTime() - now : 0)))
  return ms > 0 ? Math.ceil(ms / 60_000) : 0
}

export interface Admission {
  /** Minutes to wait: the attempt is refused unchecked. 0: it may be checked. */
  wait: number
  /** The attempt's place in each key's count, to decide after the check whether it caused a block. */
  counts: Map<string, number>
}

/**
 * Takes one attempt on every key BEFORE the password is checked. The count and the decision are one atomic step: an
 * upsert per key, serialised by the row's lock, hands each of fifty guesses sent at once its own number, and only
 * those within the limit are checked (reading the count first and counting after the check let them all through).
 */
export async function admitAttempt(keys: string[]): Promise<Admission> {
  const s = await getSettings()
  const windowSql = sql`now() - make_interval(mins => ${s.login_block_minutes})`
  const blocked = sql`${loginFailures.blockedUntil} > now()`
  const expired = sql`${loginFailures.windowStartedAt} < ${windowSql}`
  const counts = new Map<string, number>()
  const blocks: (Date | null)[] = []
  for (const key of keys) {
    const [row] = await db()
      .insert(loginFailures)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          // While blocked nothing counts; an attempt after the window starts a new count.
          failures: sql`case when ${blocked} then ${loginFailures.failures} when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${blocked} or not ${expired} then ${loginFailures.windowStartedAt} else now() end`,
        },
      })
      .returning({ failures: loginFailures.failures, blockedUntil: loginFailures.blockedUntil })
    counts.set(key, row.failures)
    if (row.blockedUntil && row.blockedUntil.getTime() > Date.now()) blocks.push(row.blockedUntil)
    else if (row.failures > maxFor(key, s)) blocks.push(await block(key, s.login_block_minutes))
  }
  return { wait: minutesUntil(blocks), counts }
}

const maxFor = (key: string, s: { login_ip_max_failures: number; login_max_failures: number }) => (key.startsWith('ip:') ? s.login_ip_max_failures : s.login_max_failures)

async function block(key: string, minutes: number): Promise<Date> {
  // Only the first to reach the limit sets the block: a later one must not push it further out.
  await db()
    .update(loginFailures)
    .set({ blockedUntil: sql`now() + make_interval(mins => ${minutes})`, failures: 0, windowStartedAt: sql`now()` })
    .where(and(eq(loginFailures.key, key), or(isNull(loginFailures.blockedUntil), lt(loginFailures.blockedUntil, sql`now()`))))
  const [row] = await db().select({ until: loginFailures.blockedUntil }).from(loginFailures).where(eq(loginFailures.key, key))
  return row!.until!
}

/** After a checked attempt failed: blocks each key whose limit this attempt reached; returns the block in minutes. */
export async function settleFailure(admission: Admission): Promise<number> {
  const s = await getSettings()
  let blocked = 0
  for (const [key, count] of admission.counts) {
    if (count < maxFor(key, s)) continue
    await block(key, s.login_block_minutes)
    blocked = s.login_block_minutes
  }
  return blocked
}

/** Counts a failure on each key (an attempt that was never checked); returns the block in minutes if it caused one. */
export async function recordFailure(keys: string[]): Promise<number> {
  const admission = await admitAttempt(keys)
  return admission.wait || (await settleFailure(admission))
}

/**
 * A successful login forgets the account's failures; the address's count gives back the attempt it took, so that
 * an address keeps counting failures only.
 */
export async function clearFailures(userId: number, ip?: string): Promise<void> {
  await db().delete(loginFailures).where(eq(loginFailures.key, `account:${userId}`))
  if (ip) await releaseAttempt(`ip:${ip}`)
}

/** Gives back one counted attempt that turned out not to be a failure. */
export async function releaseAttempt(key: string): Promise<void> {
  await db()
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(and(eq(loginFailures.key, key), or(isNull(loginFailures.blockedUntil), lt(loginFailures.blockedUntil, sql`now()`))))
}
