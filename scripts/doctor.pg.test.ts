import { afterAll, describe, expect, it } from 'vitest'
import { createOperator } from '#app/features/console/operators/operator-accounts.server'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { readyEnv, runDoctor } from '../tests/setup/doctor-process'
import { createTestDatabase } from '../tests/setup/server-process'

// Against a real PostgreSQL server (TEST_DATABASE_URL): doctor reads the site's database for demo logins.
let handle: DbHandle | undefined

afterAll(async () => {
  setDatabase(undefined)
  await handle?.close()
})

describe('npm run doctor on PostgreSQL', () => {
  it('finds no demo logins on a fresh database, and reports one that can sign in as MISSING', async () => {
    const url = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'doctor')
    const env = { ...(await readyEnv()), DATABASE_URL: url }
    // Never started on: no tables, so no demo logins either.
    const fresh = await runDoctor(env)
    expect(fresh.stdout).toContain('OK      No demo logins\n')
    expect(fresh.code).toBe(0)

    handle = await openDatabase({ url, poolSize: 1 })
    await migrate(handle)
    setDatabase(handle)
    await createOperator({ email: 'admin@demo.local', name: 'Demo Admin', role: 'admin', password: 'long-enough-password' })
    const seeded = await runDoctor(env)
    expect(seeded.stdout).toMatch(/^MISSING No demo logins — the database holds 1 demo login\(s\) at @demo.local/m)
    expect(seeded.code).toBe(1)
  }, 120_000)
})
