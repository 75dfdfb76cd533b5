import { beforeAll, describe, expect, it } from 'vitest'
import { rateLimitStoreReady } from '#app/adapters/rate-limit/rate-limit.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { resetWriteLimits, takeWrite, withFailureLimit, writeWait } from './write-limits.server'

useTestDatabase()

beforeAll(async () => {
  await takeWrite('like', 'warm-up')
  await rateLimitStoreReady()
})

describe('write limits', () => {
  it('count per kind and per member: the N+1st write waits, others are not held back', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, reports_per_hour: 2 })
    expect(await takeWrite('report', 1)).toBe(0)
    expect(await takeWrite('report', 1)).toBe(0)
    const wait = await takeWrite('report', 1)
    expect(wait).toBeGreaterThan(3500)
    expect(wait).toBeLessThanOrEqual(3600)
    expect(await takeWrite('report', 2)).toBe(0)
    expect(await takeWrite('block', 1)).toBe(0)
  })

  it('writeWait looks without taking', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, discount_codes_per_hour: 1 })
    expect(await writeWait('discount_code', 7)).toBe(0)
    expect(await writeWait('discount_code', 7)).toBe(0)
    expect(await takeWrite('discount_code', 7)).toBe(0)
    expect(await writeWait('discount_code', 7)).toBeGreaterThan(0)
  })

  it('a stored value naming only some limits, or a broken one, leaves the defaults for the rest', async () => {
    await updateSetting('write_limits', { messages_per_minute: 1 } as never)
    expect(await takeWrite('message', 1)).toBe(0)
    expect(await takeWrite('message', 1)).toBeGreaterThan(0)
    for (let i = 0; i < defaultSettings.write_limits.likes_per_minute; i++) expect(await takeWrite('like', 1)).toBe(0)
    expect(await takeWrite('like', 1)).toBeGreaterThan(0)
    await updateSetting('write_limits', { ...defaultSettings.write_limits, payments_per_hour: -3 })
    for (let i = 0; i < defaultSettings.write_limits.payments_per_hour; i++) expect(await takeWrite('payment', 1)).toBe(0)
    expect(await takeWrite('payment', 1)).toBeGreaterThan(0)
  })

  it('resetWriteLimits forgets every count (tests start each case afresh)', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, uploads_per_hour: 1 })
    expect(await takeWrite('upload', 1)).toBe(0)
    expect(await takeWrite('upload', 1)).toBeGreaterThan(0)
    resetWriteLimits()
    expect(await takeWrite('upload', 1)).toBe(0)
  })
})

describe('limits that count only failures', () => {
  it('withFailureLimit counts failed attempts only, and past the limit makes none', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, discount_codes_per_hour: 1 })
    let attempts = 0
    const attempt = (ok: boolean) => async () => (attempts++, ok)
    expect(await withFailureLimit('discount_code', 9, attempt(true), (ok) => !ok)).toBe(true)
    expect(await withFailureLimit('discount_code', 9, attempt(true), (ok) => !ok)).toBe(true)
    expect(await withFailureLimit('discount_code', 9, attempt(false), (ok) => !ok)).toBe(false)
    expect(await withFailureLimit('discount_code', 9, attempt(true), (ok) => !ok)).toMatchObject({ ok: false, error: 'too_often' })
    expect(attempts).toBe(3)
  })
})
