import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { directDebitMandates } from '#db/schema/index'
import { setSmsSender, type OutgoingSms } from '#app/adapters/sms/index.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import type { DirectDebitForm } from './direct-debit.schema'
import { submitDirectDebitConfirm, submitDirectDebitResend, submitDirectDebitStart } from './direct-debit-steps.server'

useTestDatabase()

const texts: OutgoingSms[] = []
beforeEach(() => {
  texts.length = 0
  setSmsSender({
    async send(m) {
      texts.push(m)
    },
  })
})
afterEach(() => setSmsSender(undefined))

const form: DirectDebitForm = {
  account_holder: 'Anna de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '+31612345678',
}

describe('the direct debit steps as pages call them', () => {
  it('take a payment token each, a broken mandate id too; past the limit no mandate is kept and nothing is texted', async () => {
    await updateSetting('write_limits', { ...defaultSettings.write_limits, payments_per_hour: 2 })
    const m = await createMember({ country: 'NL' })
    const r = await submitDirectDebitStart(m.userId, form, { bundleId: 's', code: null, key: 'steps-1' })
    expect(r).toMatchObject({ ok: true })
    expect(await submitDirectDebitResend(m.userId, 'abc')).toEqual({ ok: false, reason: 'bad_mandate_id' })
    expect(await submitDirectDebitStart(m.userId, form, { bundleId: 's', code: null, key: 'steps-2' })).toMatchObject({ ok: false, error: 'too_often' })
    expect(await submitDirectDebitConfirm(m.userId, '1', '123456')).toMatchObject({ ok: false, error: 'too_often' })
    expect(await submitDirectDebitResend(m.userId, '1')).toMatchObject({ ok: false, error: 'too_often' })
    expect((await db().select().from(directDebitMandates).where(eq(directDebitMandates.userId, m.userId))).length).toBe(1)
    expect(texts).toHaveLength(1)
  })

  it('refuse a mandate id that is not one without looking it up', async () => {
    const m = await createMember({ country: 'NL' })
    for (const id of [null, '', '0', '-1', '1.5', '1234567890', 'x'])
      expect(await submitDirectDebitConfirm(m.userId, id, '123456')).toEqual({ ok: false, reason: 'bad_mandate_id' })
    expect(await submitDirectDebitConfirm(m.userId, '99', '123456')).toEqual({ ok: false, reason: 'not_found' })
  })
})
