import { describe, expect, it } from 'vitest'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { checkTypedCode, tryTypedCode } from './typed-code.server'

useTestDatabase()

const limit = (n: number) => updateSetting('write_limits', { ...defaultSettings.write_limits, discount_codes_per_hour: n })

// A stand-in for the code's lookup that remembers what it was asked.
function lookup() {
  const asked: string[] = []
  const check = (code: string) => async () => {
    asked.push(code)
    return code === 'GOOD' ? { ok: true as const } : { ok: false as const }
  }
  return { asked, check }
}

describe('typed discount codes', () => {
  it('count only refused codes; past the limit the code is not looked at, good or not', async () => {
    await limit(1)
    const { asked, check } = lookup()
    const refused = (r: { ok: boolean }) => !r.ok
    expect(await checkTypedCode(1, check('GOOD'), refused)).toEqual({ ok: true })
    expect(await checkTypedCode(1, check('GOOD'), refused)).toEqual({ ok: true })
    expect(await checkTypedCode(1, check('GUESS1'), refused)).toEqual({ ok: false })
    const r = await checkTypedCode(1, check('GOOD'), refused)
    expect(r).toMatchObject({ ok: false, error: 'too_often' })
    expect(asked).toEqual(['GOOD', 'GOOD', 'GUESS1'])
    // Another member is not held back.
    expect(await checkTypedCode(2, check('GOOD'), refused)).toEqual({ ok: true })
  })

  it('a page gets its offer without the code past the limit; nothing typed is no try', async () => {
    await limit(1)
    const seen: boolean[] = []
    const offer = async (withCode: boolean) => {
      seen.push(withCode)
      return { codeError: withCode }
    }
    const refused = (o: { codeError: boolean }) => o.codeError
    expect(await tryTypedCode(1, '  ', offer, refused)).toEqual({ result: { codeError: true }, tooOften: null })
    expect(await tryTypedCode(1, null, offer, refused)).toEqual({ result: { codeError: true }, tooOften: null })
    expect(await tryTypedCode(1, 'GUESS1', offer, refused)).toEqual({ result: { codeError: true }, tooOften: null })
    const past = await tryTypedCode(1, 'GUESS2', offer, refused)
    expect(past.result).toEqual({ codeError: false })
    expect(past.tooOften).toMatchObject({ ok: false, error: 'too_often' })
    expect(past.tooOften!.retryAfter).toBeGreaterThan(3500)
    expect(seen).toEqual([true, true, true, false])
  })
})
