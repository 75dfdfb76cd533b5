import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { clearSettingsCache } from '#app/features/settings/settings.server'
import { resetWriteLimits, takeWrite } from '#app/features/settings/write-limits.server'
import { rateLimitStoreReady } from '#app/adapters/rate-limit/rate-limit.server'
import { ensureSystemDiscountCodes } from '#app/features/billing/discounts.server'
import { ensureCompanyInfo } from '#app/features/content/company-info.server'
import { ensureInterests } from '#app/features/content/interests.server'
import { TEMPLATE_ENV } from './pglite-template'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'

/**
 * A real database for integration tests: PostgreSQL when TEST_DATABASE_URL is set (one database per Vitest
 * worker, created on demand), else an in-memory PGlite. Tables are emptied before every test.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL
  // The migrated template of tests/setup/pglite-template.ts, when Vitest's global set-up made one.
  if (!url) return openDatabase({ template: process.env[TEMPLATE_ENV] })
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

// Empties only the tables a test wrote to, and restarts only the sequences it used: a truncate of all 49 tables
// cost 220–350 ms per test on the embedded database, this 10–60 ms (issue 25, a suite a newcomer can run).
const RESET_TABLES = sql.raw(`do $$
declare
  t record;
  found boolean;
  dirty text[] := '{}';
begin
  for t in select format('%I', tablename) as name from pg_tables where schemaname = 'public' loop
    execute format('select exists (select 1 from %s)', t.name) into found;
    if found then dirty := dirty || t.name; end if;
  end loop;
  if cardinality(dirty) > 0 then
    execute 'truncate ' || array_to_string(dirty, ', ') || ' restart identity cascade';
  end if;
  for t in select format('%I', sequencename) as name from pg_sequences where schemaname = 'public' and last_value is not null loop
    execute format('alter sequence %s restart', t.name);
  end loop;
end $$`)

export async function truncateAll(handle: DbHandle): Promise<void> {
  await handle.db.execute(RESET_TABLES)
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
    // With Redis the write limits count there; until its connection is up a limit lets writes pass uncounted (as a
    // starting server does), so a test's first writes would not count. Open it before the first test.
    if (process.env.REDIS_URL) {
      await takeWrite('like', 'warm-up')
      await rateLimitStoreReady()
    }
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
