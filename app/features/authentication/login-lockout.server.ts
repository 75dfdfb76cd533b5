import { and, eq, inArray, isNull, like, lt, or, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { loginFailures } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import { isKnownAddress, rememberAddress } from './known-addresses.server'

/**
 * Wrong passwords are counted in the database, so every server process agrees; after too many within the window a
 * key is blocked for login_block_minutes (spec section 4). Per address ('ip:<addr>', every account) and per account:
 * from an address the member logged in from lately, the account at that address ('account:<id>@<addr>'); from any
 * other address, the account over all of them ('account:<id>'). So a stranger's wrong passwords lock out only the
 * addresses the member never used, and a guesser spread over many addresses gets no more guesses than before
 * (decision record 028).
 */
export async function memberLockoutKeys(userId: number | null, ip: string): Promise<string[]> {
  if (userId && (await isKnownAddress(`account:${userId}`, ip))) return [`account:${userId}@${ip}`, `ip:${ip}`]
  return lockoutKeys(userId, ip)
}

/** The keys of an attempt from an address the account never logged in from (or of an unknown e-mail). */
export function lockoutKeys(userId: number | null, ip: string): string[] {
  return [...(userId ? [`account:${userId}`] : []), `ip:${ip}`]
}

/** Every key of one account: over all addresses and at each address (the console's support view lifts them all). */
export function accountKeysLike(subject: string) {
  return or(eq(loginFailures.key, subject), like(loginFailures.key, `${subject}@%`))
}

/** Minutes until the first of these keys is unblocked, or 0 when none is blocked. */
export async function blockedMinutes(keys: string[]): Promise<number> {
  const rows = await db().select({ until: loginFailures.blockedUntil }).from(loginFailures).where(inArray(loginFailures.key, keys))
  return minutesUntil(rows.map((r) => r.until))
}

function minutesUntil(dates: (Date | null)[]): number {
  const now = Date.now()
  const ms = Math.max(0, ...dates.map((d) => (d ? d.getTime() - now : 0)))
  return ms > 0 ? Math.ceil(ms / 60_000) : 0
}

/** The limit and the block of the keys that are not addresses; the members' settings unless given (the console's). */
export interface AccountLimits {
  max: number
  minutes: number
}

export interface Admission {
  /** Minutes to wait: the attempt is refused unchecked. 0: it may be checked. */
  wait: number
  /** The attempt's place in each key's count, to decide after the check whether it caused a block. */
  counts: Map<string, number>
  limits?: AccountLimits
}

/**
 * Takes one attempt on every key BEFORE the password is checked. The count and the decision are one atomic step: an
 * upsert per key, serialised by the row's lock, hands each of fifty guesses sent at once its own number, and only
 * those within the limit are checked (reading the count first and counting after the check let them all through).
 */
export async function admitAttempt(keys: string[], limits?: AccountLimits): Promise<Admission> {
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
    else if (row.failures > limitOf(key, s, limits).max) blocks.push(await block(key, limitOf(key, s, limits).minutes))
  }
  return { wait: minutesUntil(blocks), counts, limits }
}

type LockoutSettings = { login_ip_max_failures: number; login_max_failures: number; login_block_minutes: number }
function limitOf(key: string, s: LockoutSettings, limits?: AccountLimits): AccountLimits {
  if (key.startsWith('ip:')) return { max: s.login_ip_max_failures, minutes: s.login_block_minutes }
  return limits ?? { max: s.login_max_failures, minutes: s.login_block_minutes }
}

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
    const limit = limitOf(key, s, admission.limits)
    if (count < limit.max) continue
    await block(key, limit.minutes)
    blocked = Math.max(blocked, limit.minutes)
  }
  return blocked
}

/** Counts a failure on each key (an attempt that was never checked); returns the block in minutes if it caused one. */
export async function recordFailure(keys: string[]): Promise<number> {
  const admission = await admitAttempt(keys)
  return admission.wait || (await settleFailure(admission))
}

/**
 * A full login (password, and the second factor when on) forgets the account's failures at this address and,
 * unless blocked, over all addresses; the address becomes known. The address's count gives back the attempt it took,
 * so that an address keeps counting failures only. A running block over all addresses stays: a member logging in
 * at home must not hand a guesser elsewhere a fresh set of guesses.
 */
export async function clearFailures(userId: number, ip?: string): Promise<void> {
  const account = `account:${userId}`
  await db()
    .delete(loginFailures)
    .where(and(eq(loginFailures.key, account), or(isNull(loginFailures.blockedUntil), lt(loginFailures.blockedUntil, sql`now()`))))
  if (!ip) return
  await db()
    .delete(loginFailures)
    .where(eq(loginFailures.key, `${account}@${ip}`))
  await rememberAddress(account, ip)
  await releaseAttempt(`ip:${ip}`)
}

/** Gives back one counted attempt that turned out not to be a failure. */
export async function releaseAttempt(key: string): Promise<void> {
  await db()
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(and(eq(loginFailures.key, key), or(isNull(loginFailures.blockedUntil), lt(loginFailures.blockedUntil, sql`now()`))))
}

/** Gives back the attempt on every key of an admission (a right password whose second factor is still to come). */
export async function releaseAdmission(admission: Admission): Promise<void> {
  for (const key of admission.counts.keys()) await releaseAttempt(key)
}
