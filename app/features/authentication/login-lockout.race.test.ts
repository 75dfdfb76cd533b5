import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { updateSetting } from '#app/features/settings/settings.server'
import { login } from './login.server'
import type * as Passwords from './passwords.server'

// Every password that reaches argon2 is counted: the lockout's promise is about how many guesses get checked.
const checked = vi.hoisted(() => ({ count: 0 }))
vi.mock('./passwords.server', async (original) => {
  const real = await original<typeof Passwords>()
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checked.count++
      return real.verifyPassword(hash, password)
    },
  }
})

useTestDatabase()

beforeEach(async () => {
  await updateSetting('login_max_failures', 5)
  await updateSetting('login_ip_max_failures', 1000)
  await updateSetting('login_block_minutes', 10)
})

describe('login lockout under concurrent guesses', () => {
  it('checks at most login_max_failures of 50 wrong passwords sent at once, and blocks the rest', async () => {
    await createMember({ email: 'race@example.com', password: 'the-right-password' })
    checked.count = 0
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => login('race@example.com', `wrong-${i}`, `10.9.${i}.1`)))
    expect(checked.count).toBeLessThanOrEqual(5)
    expect(results.filter((r) => !r.ok && r.error === 'blocked').length).toBeGreaterThanOrEqual(45)
    // The right password is refused too while the block lasts.
    expect(await login('race@example.com', 'the-right-password', '10.9.200.1')).toEqual({ ok: false, error: 'blocked', minutes: 10 })
  })
})
