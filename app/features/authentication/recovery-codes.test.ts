import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './common-passwords.server'
import {
  findRecoveryCode,
  hashRecoveryCode,
  isLegacyHash,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  recoveryCodeMatches,
  wrapLegacyHash,
} from './recovery-codes.server'

describe('recovery codes', () => {
  it('are ten distinct xxxx-xxxx-xxxx codes', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const c of codes) expect(c).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/)
  })

  it('are hashed with argon2id and matched whatever the case, spaces or dashes', async () => {
    const [code] = newRecoveryCodes()
    const stored = await hashRecoveryCode(code)
    expect(stored).toMatch(/^\$argon2id\$/)
    expect(await recoveryCodeMatches(stored, code.toUpperCase().replace(/-/g, ' '))).toBe(true)
    expect(await recoveryCodeMatches(stored, 'aaaa-bbbb-cccc')).toBe(false)
  })

  it('from before (SHA-256) still match, bare or wrapped in argon2id', async () => {
    const legacy = crypto.createHash('sha256').update('abcd1234ef56').digest('hex')
    expect(isLegacyHash(legacy)).toBe(true)
    expect(await recoveryCodeMatches(legacy, 'abcd-1234-ef56')).toBe(true)
    const wrapped = await wrapLegacyHash(legacy)
    expect(wrapped).toMatch(/^sha256\+\$argon2id\$/)
    expect(isLegacyHash(wrapped)).toBe(false)
    expect(await recoveryCodeMatches(wrapped, 'ABCD-1234-EF56')).toBe(true)
    expect(await recoveryCodeMatches(wrapped, 'abcd-1234-ef57')).toBe(false)
  })

  it('only values shaped like a recovery code are tried (a 6-digit TOTP code costs no argon2 work)', async () => {
    expect(looksLikeRecoveryCode('123456')).toBe(false)
    const rows = [{ codeHash: await hashRecoveryCode('1234-5678-9012') }]
    expect(await findRecoveryCode(rows, '123456')).toBeNull()
    expect(await findRecoveryCode(rows, '1234-5678-9012')).toBe(rows[0])
  })
})

describe('common passwords', () => {
  it('are recognised from the offline list, whatever the case', () => {
    expect(isCommonPassword('password123')).toBe(true)
    expect(isCommonPassword('Iloveyou1')).toBe(true)
    expect(isCommonPassword('violet-kettle-93')).toBe(false)
  })
})
