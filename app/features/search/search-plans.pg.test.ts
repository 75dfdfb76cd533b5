import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { createTestDatabase } from '../../../tests/setup/server-process'
import pg from 'pg'
import { buildSearchQueries, searchMembers } from './search-members.server'
import { parseSearchQuery } from './search.schema'

// Issue 26: a search's count was planned again on every run, about as long as it took to run: its fixed values
// were parameters, and a plan made without them cannot use the partial search indexes. With those values as literals
// PostgreSQL keeps one generic plan per connection for the count. On a real PostgreSQL, one connection (prepared
// statements live per connection), and enough profiles that an index beats reading the table.
let handle: DbHandle
let url = ''
beforeAll(async () => {
  url = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'search_plans')
  handle = await openDatabase({ url, poolSize: 1 })
  await migrate(handle)
  setDatabase(handle)
  await handle.db.execute(sql`
    insert into profiles (name, gender, sexuality, birth_date, country, region, city, status, is_fictional, last_active_at)
    select 'P' || g, (array['male','female'])[1 + g % 2], 'hetero', current_date - interval '18 years' - (g % 50) * interval '1 year',
           (array['NL','DE','FR','IT'])[1 + g % 4], 'R' || (g % 10), 'City', 'active', true, now() - g * interval '1 minute'
    from generate_series(1, 20000) g`)
  await handle.db.execute(sql`analyze profiles`)
}, 60_000)
afterAll(async () => {
  setDatabase(undefined)
  await handle?.close()
})

async function plans(startsWith: string) {
  const r = (await handle.db.execute(
    sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like ${startsWith + '%'}`,
  )) as unknown as { rows: { generic: number; custom: number }[] }
  return r.rows
}

describe('the plans of a search', () => {
  it('plans the count once per connection and keeps it; the page is planned for each run', async () => {
    for (let i = 0; i < 8; i++) {
      const q = parseSearchQuery(new URLSearchParams({ gender: 'female', country: 'DE', min_age: String(20 + i), max_age: String(40 + i) }))
      const r = await searchMembers(null, q, 24)
      expect(r.total).toBeGreaterThan(0)
    }
    const count = await plans('select count(*)::int from (select 1 from "profiles"')
    expect(count).toHaveLength(1)
    // PostgreSQL plans the first five runs for their values, then keeps the generic plan when it is no worse.
    expect(count[0].generic).toBeGreaterThanOrEqual(3)
    const page = await plans('select "profiles"."id"')
    expect(page).toHaveLength(1)
    expect(page[0]).toEqual({ generic: 0, custom: 8 })
  })

  it("lets the count's generic plan use a partial search index (a count of a viewer's search, planned without its values)", async () => {
    const q = parseSearchQuery(new URLSearchParams({ gender: 'female', country: 'DE', min_age: '25', max_age: '40' }))
    const { sql: text, params } = buildSearchQueries(12345, q, 24).count.toSQL()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query('set plan_cache_mode = force_generic_plan')
      await client.query(`prepare count_plan as ${text}`)
      const values = params.map((v) => (typeof v === 'string' ? client.escapeLiteral(v) : String(v))).join(', ')
      const r = await client.query(`explain (format json) execute count_plan(${values})`)
      const plan = JSON.stringify(r.rows[0]['QUERY PLAN'])
      expect(plan).toContain('"Index Name":"profiles_search_country_age_idx"')
    } finally {
      await client.end()
    }
  })
})
