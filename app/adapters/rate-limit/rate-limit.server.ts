import { Redis } from 'ioredis'
import { logger } from '#app/lib/logger.server'
import { clientKey, securityLog } from '#app/lib/security-log.server'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

let redis: Redis | undefined

function storeClient(url: string): Redis {
  if (!redis) {
    redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    // While Redis is away the insurance limiter counts in memory; the lost connection is logged, never thrown.
    redis.on('error', (err: Error & { code?: string }) => logger.warn({ code: err.code ?? err.name }, 'rate limit redis error'))
  }
  return redis
}

/** Rate limiters live in Redis when REDIS_URL is set, so several processes count together; else in memory. */
export function createLimiter(opts: { keyPrefix: string; points: number; duration: number; redis?: { url: string; prefix: string } }): RateLimiterAbstract {
  if (opts.redis) {
    return new RateLimiterRedis({
      storeClient: storeClient(opts.redis.url),
      keyPrefix: `${opts.redis.prefix}rl:${opts.keyPrefix}`,
      points: opts.points,
      duration: opts.duration,
      insuranceLimiter: new RateLimiterMemory({ points: opts.points, duration: opts.duration }),
    })
  }
  return new RateLimiterMemory({ keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.duration })
}

/**
 * Connects to the shared store at start (server/app.ts), before the first request: a limiter made on first use
 * would otherwise count its first requests in this process's memory (the insurance limiter, since commands are
 * not queued while connecting), and a burst just after a start or deploy would be counted per process. Waits at
 * most `timeoutMs`; a Redis that is away delays nothing further.
 */
export async function openRateLimitStore(url: string, timeoutMs = 5000): Promise<void> {
  storeClient(url)
  await rateLimitStoreReady(timeoutMs)
}

/**
 * Resolves once the Redis store answers (at once without Redis): until then the insurance limiter counts, in this
 * process's memory. Tests wait for it so that every count of a case lands in one store.
 */
export async function rateLimitStoreReady(timeoutMs = 5000): Promise<void> {
  if (!redis || redis.status === 'ready') return
  const client = redis
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, timeoutMs)
    client.once('ready', () => {
      clearTimeout(t)
      resolve()
    })
  })
}

/** The limiter's own name, without the shared store's prefix ('login-ip', 'write-message-20', ...). */
function limiterName(limiter: RateLimiterAbstract): string {
  const prefix = limiter.keyPrefix
  const at = prefix.lastIndexOf('rl:')
  return at >= 0 ? prefix.slice(at + 3) : prefix
}

/**
 * Consumes one point; returns the seconds to wait when the limit is reached, else 0. Each refusal is a security
 * event: the limiter's name and a keyed hash of the key (an address or a member id), never the key itself.
 */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key)
    return 0
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      securityLog('rate_limit.hit', { limiter: limiterName(limiter), client: clientKey(key) })
      return Math.ceil(e.msBeforeNext / 1000)
    }
    throw e
  }
}
