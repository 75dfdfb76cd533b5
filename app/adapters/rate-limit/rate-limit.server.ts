import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

let redis: Redis | undefined

/** Rate limiters live in Redis when REDIS_URL is set, so several processes count together; else in memory. */
export function createLimiter(opts: { keyPrefix: string; points: number; duration: number; redisUrl?: string }): RateLimiterAbstract {
  if (opts.redisUrl) {
    redis ??= new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    return new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${opts.keyPrefix}`, points: opts.points, duration: opts.duration, insuranceLimiter: new RateLimiterMemory({ points: opts.points, duration: opts.duration }) })
  }
  return new RateLimiterMemory({ keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.duration })
}

/** Consumes one point; returns the seconds to wait when the limit is reached, else 0. */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key)
    return 0
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.ceil(e.msBeforeNext / 1000)
    throw e
  }
}
