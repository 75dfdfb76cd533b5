import { eq, inArray, sql } from 'drizzle-orm'
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
  const now = Date.now()
  const ms = Math.max(0, ...rows.map((r) => (r.until ? r.until.getTime() - now : 0)))
  return ms > 0 ? Math.ceil(ms / 60_000) : 0
}

/** Counts a failure on each key; returns the block in minutes if this failure caused one. */
export async function recordFailure(keys: string[]): Promise<number> {
  const s = await getSettings()
  const windowSql = sql`now() - make_interval(mins => ${s.login_block_minutes})`
  let blocked = 0
  for (const key of keys) {
    const max = key.startsWith('ip:') ? s.login_ip_max_failures : s.login_max_failures
    const [row] = await db()
      .insert(loginFailures)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          // A failure after the window starts a new count.
          failures: sql`case when ${loginFailures.windowStartedAt} < ${windowSql} then 1 else ${loginFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowSql} then now() else ${loginFailures.windowStartedAt} end`,
        },
      })
      .returning({ failures: loginFailures.failures })
    if (row.failures >= max) {
      await db()
        .update(loginFailures)
        .set({ blockedUntil: sql`now() + make_interval(mins => ${s.login_block_minutes})`, failures: 0, windowStartedAt: sql`now()` })
        .where(eq(loginFailures.key, key))
      blocked = s.login_block_minutes
    }
  }
  return blocked
}

/** A successful login forgets the account's failures (the address keeps its count). */
export async function clearFailures(userId: number): Promise<void> {
  await db().delete(loginFailures).where(eq(loginFailures.key, `account:${userId}`))
}
