import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '#db/schema/index'
import { EXPORT_EXEMPT, exportedTables } from './export-data.server'

// Issue 24, point 5: the member's data export is every piece of personal data the product holds about them. This
// walks every table of db/schema and fails when one that holds member data is neither read by the export nor listed
// in EXPORT_EXEMPT with its reason. A new table with a member column therefore needs a decision before it ships.

/**
 * The rule for "holds data about a member": a foreign key to users or profiles (user_id, profile_id, sender_id,
 * liker_id, blocker_id, reporter_id, profile_low_id, ...), a column named like one (`*user_id`, `*profile_id`,
 * without a declared key), or a contact address (an e-mail or phone number kept outside the account).
 */
const MEMBER_COLUMN = /(^|_)(user|profile)_id$/
const CONTACT_COLUMN = /^(email|to_address|to_number|phone|new_email)$/

function holdsMemberData(table: PgTable): string | null {
  const config = getTableConfig(table)
  if (config.name === 'users' || config.name === 'profiles') return 'the member themselves'
  for (const fk of config.foreignKeys) {
    const ref = getTableConfig(fk.reference().foreignTable).name
    if (ref === 'users' || ref === 'profiles')
      return `${fk
        .reference()
        .columns.map((c) => c.name)
        .join(', ')} → ${ref}`
  }
  const column = config.columns.find((c) => MEMBER_COLUMN.test(c.name) || CONTACT_COLUMN.test(c.name))
  return column ? `column ${column.name}` : null
}

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable)

describe('the data export covers the schema', () => {
  it('finds the tables of the schema (the walk itself works)', () => {
    const names = tables.map((t) => getTableConfig(t).name)
    expect(names).toEqual(expect.arrayContaining(['users', 'profiles', 'messages', 'payments', 'direct_debit_mandates', 'push_subscriptions']))
    expect(holdsMemberData(schema.messages)).toMatch(/sender_id/)
    expect(holdsMemberData(schema.interests)).toBeNull()
  })

  it('reads every table that holds member data, or names why not', () => {
    const exported = new Set(exportedTables().map((t) => getTableConfig(t).name))
    const missing: string[] = []
    for (const table of tables) {
      const name = getTableConfig(table).name
      const why = holdsMemberData(table)
      if (why && !exported.has(name) && !EXPORT_EXEMPT[name]) missing.push(`${name} (${why})`)
    }
    expect(missing, 'tables with member data that the export neither reads nor lists in EXPORT_EXEMPT').toEqual([])
  })

  it('exempts only tables that exist and hold member data, each with a reason', () => {
    const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]))
    for (const [name, reason] of Object.entries(EXPORT_EXEMPT)) {
      expect(byName.has(name), name).toBe(true)
      expect(holdsMemberData(byName.get(name)!), name).not.toBeNull()
      expect(reason.length, name).toBeGreaterThan(20)
    }
  })
})
