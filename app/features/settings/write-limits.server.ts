import crypto from 'node:crypto'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import { consume, createLimiter } from '#app/adapters/rate-limit/rate-limit.server'
import { env } from '#app/lib/env.server'
import { errorText } from '#app/lib/error-text'
import { logger } from '#app/lib/logger.server'
import { defaultSettings, type Settings } from '#app/features/settings/defaults'
import { getSettings } from '#app/features/settings/settings.server'

type WriteLimits = Settings['write_limits']

/**
 * Every kind of write a member (or, for the `_ip_` ones, a visitor's address) makes, with the setting that holds
 * its number and the window it counts in. docs/security.md "Rate limits" lists which action is which kind.
 */
const KINDS = {
  message: { setting: 'messages_per_minute', seconds: 60 },
  like: { setting: 'likes_per_minute', seconds: 60 },
  block: { setting: 'blocks_per_hour', seconds: 3600 },
  report: { setting: 'reports_per_hour', seconds: 3600 },
  upload: { setting: 'uploads_per_hour', seconds: 3600 },
  discount_code: { setting: 'discount_codes_per_hour', seconds: 3600 },
  payment: { setting: 'payments_per_hour', seconds: 3600 },
  profile_edit: { setting: 'profile_edits_per_hour', seconds: 3600 },
  account_change: { setting: 'account_changes_per_hour', seconds: 3600 },
  complaint: { setting: 'complaints_ip_per_hour', seconds: 3600 },
} as const satisfies Record<string, { setting: keyof WriteLimits; seconds: number }>

export type WriteKind = keyof typeof KINDS

const limiters = new Map<string, RateLimiterAbstract>()
// Part of every key: tests start each case with fresh counts (resetWriteLimits), also in a shared Redis.
let epoch = ''

/** The number of writes of this kind allowed per window: the setting, or its default when missing or broken. */
async function pointsFor(kind: WriteKind): Promise<number> {
  const name = KINDS[kind].setting
  const stored = ((await getSettings()).write_limits ?? {}) as Partial<WriteLimits>
  const n = stored[name]
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : defaultSettings.write_limits[name]
}

// One limiter per kind and number: a changed setting starts counting afresh under its own keys.
async function limiterFor(kind: WriteKind): Promise<RateLimiterAbstract> {
  const points = await pointsFor(kind)
  const id = `${kind}:${points}`
  let limiter = limiters.get(id)
  if (!limiter) {
    const e = env()
    limiter = createLimiter({
      keyPrefix: `write-${kind}-${points}${epoch}`,
      points,
      duration: KINDS[kind].seconds,
      redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    })
    limiters.set(id, limiter)
  }
  return limiter
}

/**
 * Takes one write of this kind from the member's (or address's) allowance. Returns 0 when the write may go ahead,
 * else the seconds until it may: the caller then writes nothing and answers 429 with Retry-After. Called before
 * anything is stored or charged.
 */
export async function takeWrite(kind: WriteKind, who: number | string): Promise<number> {
  return consume(await limiterFor(kind), String(who))
}

/** A write refused for its rate: nothing was stored; `retryAfter` seconds until it may (429 in app/lib/refusals.ts). */
export type TooOften = { ok: false; error: 'too_often'; retryAfter: number }

/**
 * A write that takes its own token: the feature functions routes call wrap their write in it, so a new caller
 * cannot forget the limit. The token is taken first; a refused write runs nothing and stores nothing.
 */
export async function withWrite<T>(kind: WriteKind, who: number | string, write: () => Promise<T>): Promise<T | TooOften> {
  const wait = await takeWrite(kind, who)
  if (wait > 0) return { ok: false, error: 'too_often', retryAfter: wait }
  return write()
}

/** Whether an outcome is a write refused for its rate. */
export function isTooOften(r: unknown): r is TooOften {
  return (
    typeof r === 'object' && r !== null && (r as { error?: unknown }).error === 'too_often' && typeof (r as { retryAfter?: unknown }).retryAfter === 'number'
  )
}

/**
 * The seconds until a write of this kind is allowed again, without taking one (0: allowed now). For limits that
 * count only failures (a refused discount code): check with this first, `takeWrite` when the attempt failed.
 */
export async function writeWait(kind: WriteKind, who: number | string): Promise<number> {
  const limiter = await limiterFor(kind)
  try {
    const res = await limiter.get(String(who))
    return res && res.consumedPoints >= limiter.points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0
  } catch (e) {
    // A store that cannot answer lets the check pass; takeWrite still counts (in memory while Redis is away).
    logger.warn({ err: errorText(e), kind }, 'write limit lookup failed')
    return 0
  }
}

/**
 * A limit that counts only failed tries (a refused discount code): guessing is many failures, while a member using
 * the one code they were given should never be held back by it. Past the limit the attempt is not even made (a
 * right guess then tells nothing); otherwise it is, and counted when `failed` says it failed.
 */
export async function withFailureLimit<T>(kind: WriteKind, who: number | string, attempt: () => Promise<T>, failed: (r: T) => boolean): Promise<T | TooOften> {
  const wait = await writeWait(kind, who)
  if (wait > 0) return { ok: false, error: 'too_often', retryAfter: wait }
  const r = await attempt()
  if (failed(r)) await takeWrite(kind, who)
  return r
}

/** Tests: forget every count (new keys, so a shared Redis forgets them too). */
export function resetWriteLimits(): void {
  limiters.clear()
  epoch = `-${crypto.randomBytes(4).toString('hex')}`
}
