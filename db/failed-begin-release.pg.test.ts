import { sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { createTestDatabase } from '../tests/setup/server-process'
import { openDatabase, type DbHandle } from './client.server'

const handles: DbHandle[] = []
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()))
})

// Drizzle leaked the pooled connection of a transaction whose BEGIN failed (db/failed-begin-release.server.ts). An
// isolation level PostgreSQL does not know makes BEGIN fail every time; on a pool of one connection the leak left
// nothing for the next query (it waited 5 s and failed) and closing the pool never finished.
it('a transaction whose BEGIN fails gives its connection back to the pool', async () => {
  const url = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'failed_begin')
  const handle = await openDatabase({ url, poolSize: 1 })
  handles.push(handle)
  const failing = handle.db.transaction(async () => 'never', { isolationLevel: 'nonsense' as never })
  await expect(failing).rejects.toThrow()
  const t0 = Date.now()
  const rows = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }
  expect(rows.rows[0]!.one).toBe(1)
  expect(Date.now() - t0, 'the next query did not wait for a connection').toBeLessThan(2000)
  // A real transaction still commits on the same pool.
  expect(await handle.db.transaction(async (tx) => (await tx.execute(sql`select 2 as two`)) as unknown)).toBeTruthy()
  const closed = await Promise.race([handle.close().then(() => 'closed'), new Promise((r) => setTimeout(() => r('hung'), 3000))])
  expect(closed).toBe('closed')
  handles.pop()
})
