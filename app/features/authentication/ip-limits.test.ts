import { describe, expect, it } from 'vitest'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { accountLimiters } from './ip-limits.server'

useTestDatabase()

describe('accountLimiters', () => {
  it('counts by the setting rate_limits as it is now, not as it was when first used', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`
    expect((await accountLimiters()).signupIp.points).toBe(defaultSettings.rate_limits.signup_ip_per_hour)
    await updateSetting('rate_limits', { ...defaultSettings.rate_limits, signup_ip_per_hour: 2 })
    const limiters = await accountLimiters()
    expect(limiters.signupIp.points).toBe(2)
    expect([await consume(limiters.signupIp, ip), await consume(limiters.signupIp, ip)]).toEqual([0, 0])
    expect(await consume((await accountLimiters()).signupIp, ip)).toBeGreaterThan(0)
    // Unchanged settings: the same limiters, not new ones on every request.
    expect(await accountLimiters()).toBe(limiters)
  })
})
