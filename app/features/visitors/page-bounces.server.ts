import { sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { pageBounces } from '#db/schema/index'
import { createLimiter } from '#app/adapters/rate-limit/rate-limit.server'
import { env } from '#app/lib/env.server'

/** Counts one page left (hidden) today under `path`. */
export async function countPageHidden(path: string): Promise<void> {
  await db()
    .insert(pageBounces)
    .values({ day: sql`current_date`, path, hidden: 1 })
    .onConflictDoUpdate({ target: [pageBounces.day, pageBounces.path], set: { hidden: sql`${pageBounces.hidden} + 1` } })
}

/** Bounce counts per path of one day, most first (for the operator console and the tests). */
export async function pageBouncesOn(day: string): Promise<{ path: string; hidden: number }[]> {
  return db()
    .select({ path: pageBounces.path, hidden: pageBounces.hidden })
    .from(pageBounces)
    .where(sql`${pageBounces.day} = ${day}`)
    .orderBy(sql`${pageBounces.hidden} desc`)
}

// A browser sends one beacon per page it leaves; more than this per address an hour is not a visitor.
const BEACONS_PER_HOUR = 300
let limiter: ReturnType<typeof createLimiter> | undefined
export function pageHiddenLimiter() {
  const e = env()
  limiter ??= createLimiter({
    keyPrefix: 'page-hidden-ip',
    points: BEACONS_PER_HOUR,
    duration: 3600,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
  })
  return limiter
}
