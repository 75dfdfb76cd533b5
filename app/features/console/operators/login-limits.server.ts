import { createLimiter } from '#app/adapters/rate-limit/rate-limit.server'
import { env } from '#app/lib/env.server'

// Console login attempts (passwords and codes) per client address in 15 minutes, on top of the per-account lockout.
const ATTEMPTS_PER_15_MIN = 20
let limiter: ReturnType<typeof createLimiter> | undefined
export function operatorLoginLimiter() {
  const e = env()
  limiter ??= createLimiter({
    keyPrefix: 'operator-login-ip',
    points: ATTEMPTS_PER_15_MIN,
    duration: 15 * 60,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
  })
  return limiter
}
