import { eq } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it, vi } from 'vitest'
import { useTestDatabase } from '../tests/setup/test-db'
import { createMember } from '../tests/setup/factories'
import { db } from './client.server'
import { preparedOnce } from './prepared-once.server'
import { users } from './schema/index'

useTestDatabase()

const accountOf = preparedOnce('test_account_of', (p) =>
  db()
    .select({ id: users.id, signupDate: users.signupDate })
    .from(users)
    .where(eq(users.id, p('userId'))),
)

describe('preparedOnce', () => {
  it('builds the SQL at the first run only, fills in each run’s values, and maps the rows as Drizzle does', async () => {
    const a = await createMember()
    const b = await createMember({ gender: 'male' })
    const [first] = await accountOf({ userId: a.userId })
    expect(first.id).toBe(a.userId)
    expect(first.signupDate).toBeInstanceOf(Date)
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    try {
      expect((await accountOf({ userId: b.userId })).map((r) => r.id)).toEqual([b.userId])
      expect(await accountOf({ userId: -1 })).toEqual([])
      expect(built).not.toHaveBeenCalled()
    } finally {
      built.mockRestore()
    }
  })
})
