import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { clearSettingsCache } from '#app/features/settings/settings.server'
import { resetWriteLimits } from '#app/features/settings/write-limits.server'
import { ensureSystemDiscountCodes } from '#app/features/billing/discounts.server'
import { ensureCompanyInfo } from '#app/features/content/company-info.server'
import { ensureInterests } from '#app/features/content/interests.server'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'

/**
 * A real database for integration tests: PostgreSQL when TEST_DATABASE_URL is set (one database per Vitest
 * worker, created on demand), else an in-memory PGlite. Tables are emptied before every test.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return openDatabase({})
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0'
  const target = new URL(url)
  const name = `${target.pathname.slice(1) || 'test'}_w${worker}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
  if (!exists.rowCount) await admin.query(`create database "${name}"`).catch(() => {})
  await admin.end()
  target.pathname = `/${name}`
  return openDatabase({ url: target.toString(), poolSize: 4 })
}

export async function truncateAll(handle: DbHandle): Promise<void> {
  const rows = await handle.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
  const list = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`)
  if (list.length) await handle.db.execute(sql.raw(`truncate ${list.join(', ')} restart identity cascade`))
  clearSettingsCache()
  // Ids start again at 1: the write limits must not remember the previous test's member 1.
  resetWriteLimits()
  await ensureInterests()
  await ensureCompanyInfo()
  await ensureSystemDiscountCodes()
}

/** Registers hooks that give the test file a migrated, empty database as `db()`. */
export function useTestDatabase(): { handle: () => DbHandle } {
  let handle: DbHandle | undefined
  beforeAll(async () => {
    handle = await openTestDatabase()
    await migrate(handle)
    setDatabase(handle)
  })
  beforeEach(async () => {
    await truncateAll(handle!)
  })
  afterAll(async () => {
    setDatabase(undefined)
    await handle?.close()
  })
  return { handle: () => handle! }
}
