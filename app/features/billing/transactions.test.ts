import { describe, expect, it } from 'vitest'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { getSpendLimit, submitSpendLimit } from './transactions.server'

useTestDatabase()

describe('the member’s own spend limit', () => {
  it('takes an account change token first: a refused or broken value counts, past the limit nothing is stored', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, account_changes_per_hour: 2 })
    const m = await createMember({ country: 'NL' })
    expect(await submitSpendLimit(m.userId, ' 50 ', 'EUR')).toEqual({ ok: true, removed: false })
    expect(await getSpendLimit(m.userId)).toEqual({ monthlyLimitMinor: 5000, currency: 'EUR' })
    expect(await submitSpendLimit(m.userId, '0', 'EUR')).toEqual({ ok: false, error: 'invalid' })
    expect(await submitSpendLimit(m.userId, '', 'EUR')).toMatchObject({ ok: false, error: 'too_often' })
    expect(await getSpendLimit(m.userId)).toEqual({ monthlyLimitMinor: 5000, currency: 'EUR' })
  })

  it('an empty value takes the limit away', async () => {
    const m = await createMember({ country: 'NL' })
    await submitSpendLimit(m.userId, '20', 'EUR')
    expect(await submitSpendLimit(m.userId, null, 'EUR')).toEqual({ ok: true, removed: true })
    expect(await getSpendLimit(m.userId)).toBeNull()
  })
})
