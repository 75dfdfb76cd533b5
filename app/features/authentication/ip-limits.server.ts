import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import { createLimiter } from '#app/adapters/rate-limit/rate-limit.server'
import { env } from '#app/lib/env.server'
import { getSettings } from '#app/features/settings/settings.server'
import type { Settings } from '#app/features/settings/defaults'

type Limiters = Record<'loginIp' | 'signupIp' | 'resetIp' | 'resendIp', RateLimiterAbstract>
let built: { limits: string; limiters: Limiters } | undefined

/**
 * Per-address (IP) limits on the account endpoints, from the setting rate_limits, in Redis when REDIS_URL is set
 * so that every process counts together. Per-account limits live next to their data (lockout, e-mail counts).
 * Built again when the setting changes: every process reads settings through the same cache, which a console
 * change clears everywhere at once (settings.server.ts), so all of them count by the new numbers.
 */
export async function accountLimiters(): Promise<Limiters> {
  const r = (await getSettings()).rate_limits
  const limits = JSON.stringify(r)
  if (built?.limits !== limits) built = { limits, limiters: build(r) }
  return built.limiters
}

function build(r: Settings['rate_limits']): Limiters {
  const e = env()
  const redis = e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined
  return {
    loginIp: createLimiter({ keyPrefix: 'login-ip', points: r.login_ip_per_15min, duration: 15 * 60, redis }),
    signupIp: createLimiter({ keyPrefix: 'signup-ip', points: r.signup_ip_per_hour, duration: 3600, redis }),
    resetIp: createLimiter({ keyPrefix: 'reset-ip', points: r.reset_ip_per_hour, duration: 3600, redis }),
    resendIp: createLimiter({ keyPrefix: 'resend-ip', points: r.resend_ip_per_hour, duration: 3600, redis }),
  }
}
