import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../tests/setup/server-process'
import { openDatabase, type DbHandle } from './client.server'
import { withQueryTally } from './query-tally.server'

// Issue 26: PostgreSQL parsed and planned every statement on every request (node-postgres sends them unnamed). Now
// each parameterised statement is prepared once per connection under a name derived from its text.
const handles: DbHandle[] = []
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()))
})

async function open(namedStatements: boolean) {
  const url = await createTestDatabase(process.env.TEST_DATABASE_URL!, `named_${namedStatements ? 'on' : 'off'}`)
  const handle = await openDatabase({ url, poolSize: 1, namedStatements })
  handles.push(handle)
  return handle
}

const prepared = async (h: DbHandle) =>
  (
    (await h.db.execute(sql`select statement from pg_prepared_statements where statement like ${'%marker_' + '%'}`)) as unknown as {
      rows: { statement: string }[]
    }
  ).rows.map((r) => r.statement)

describe('named statements', () => {
  it('prepares a parameterised statement once per connection and reuses it, counted in the request tally', async () => {
    const h = await open(true)
    const statements = await withQueryTally(async (tally) => {
      for (let i = 0; i < 3; i++) await h.db.execute(sql`select ${i}::int as marker_a`)
      return tally.statements
    })
    expect(statements).toBe(3)
    expect(await prepared(h)).toEqual(['select $1::int as marker_a'])
  })

  it('still runs a text of several commands without parameters (migrations), unnamed', async () => {
    const h = await open(true)
    await h.db.execute(sql.raw('create table marker_t (id int); insert into marker_t values (1); drop table marker_t'))
    expect(await prepared(h)).toEqual([])
  })

  it('prepares nothing with DATABASE_NAMED_STATEMENTS=0 (a pooler that cannot keep them)', async () => {
    const h = await open(false)
    await h.db.execute(sql`select ${1}::int as marker_b`)
    expect(await prepared(h)).toEqual([])
  })

  it('prepares nothing with DATABASE_NAMED_STATEMENTS=0 even for a query Drizzle names (preparedOnce)', async () => {
    const h = await open(false)
    const named = h.db
      .select({ n: sql<number>`${sql.placeholder('n')}::int` })
      .from(sql`(select 'marker_c') as t`)
      .prepare('marker_c_query')
    expect(await named.execute({ n: 7 })).toEqual([{ n: 7 }])
    expect(await named.execute({ n: 8 })).toEqual([{ n: 8 }])
    expect(await prepared(h)).toEqual([])
  })
})
