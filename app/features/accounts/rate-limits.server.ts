import { createLimiter } from '#app/adapters/rate-limit/rate-limit.server'
import { env } from '#app/lib/env.server'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'

let limiters: Record<'loginIp' | 'signupIp' | 'resetIp' | 'resendIp', RateLimiterAbstract> | undefined

export function accountLimiters() {
  limiters ??= {
    loginIp: createLimiter({ keyPrefix: 'login-ip', points: 30, duration: 15 * 60, redisUrl: env().REDIS_URL }),
    signupIp: createLimiter({ keyPrefix: 'signup-ip', points: 10, duration: 60 * 60, redisUrl: env().REDIS_URL }),
    resetIp: createLimiter({ keyPrefix: 'reset-ip', points: 10, duration: 60 * 60, redisUrl: env().REDIS_URL }),
    resendIp: createLimiter({ keyPrefix: 'resend-ip', points: 10, duration: 60 * 60, redisUrl: env().REDIS_URL }),
  }
  return limiters
}
