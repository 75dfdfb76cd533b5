import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, users } from '#db/schema/index'
import { bookCredits, ledgerBalance, spendCreditsUnderLock } from './ledger.server'

useTestDatabase()

const book = (e: Parameters<typeof bookCredits>[1]) => db().transaction((tx) => bookCredits(tx, e))

describe('the credit ledger', () => {
  it('adds up: every entry moves the cached balance, and balance_after follows the entries', async () => {
    const m = await createMember()
    expect(await book({ userId: m.userId, delta: 50, reason: 'purchase', key: 'k1' })).toMatchObject({ booked: true, balance: 50 })
    expect(await book({ userId: m.userId, delta: -20, reason: 'spend', key: 'k2' })).toMatchObject({ booked: true, balance: 30 })
    expect(await book({ userId: m.userId, delta: 5, reason: 'adjustment', key: 'k3' })).toMatchObject({ booked: true, balance: 35 })
    const rows = await db()
      .select({ balanceAfter: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(eq(creditLedger.userId, m.userId))
      .orderBy(creditLedger.id)
    expect(rows.map((r) => r.balanceAfter)).toEqual([50, 30, 35])
    expect(await ledgerBalance(m.userId)).toBe(35)
  })

  it('books one key once, even when ten try at the same time', async () => {
    const m = await createMember()
    const all = await Promise.all(Array.from({ length: 10 }, () => book({ userId: m.userId, delta: 10, reason: 'purchase', key: 'same' })))
    expect(all.filter((r) => r.booked)).toHaveLength(1)
    expect(all.filter((r) => !r.booked && r.reason === 'duplicate')).toHaveLength(9)
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.userId))
    expect(u.credits).toBe(10)
  })

  it('refuses a spend beyond the balance, and clamps a reversal at 0 reporting the shortfall', async () => {
    const m = await createMember()
    await book({ userId: m.userId, delta: 10, reason: 'purchase', key: 'p' })
    expect(await book({ userId: m.userId, delta: -11, reason: 'spend', key: 's' })).toEqual({ booked: false, reason: 'insufficient', balance: 10 })
    expect(await book({ userId: m.userId, delta: -25, reason: 'chargeback', key: 'c', clampAtZero: true })).toMatchObject({
      booked: true,
      balance: 0,
      delta: -10,
      shortfall: 15,
    })
  })

  it('is guarded by the database: no negative balance and no second row with a key', async () => {
    const m = await createMember()
    await expect(db().execute(sql`update users set credits = -1 where id = ${m.userId}`)).rejects.toThrow()
    await db().insert(creditLedger).values({ userId: m.userId, delta: 1, balanceAfter: 1, reason: 'adjustment', idempotencyKey: 'x' })
    await expect(db().insert(creditLedger).values({ userId: m.userId, delta: 1, balanceAfter: 2, reason: 'adjustment', idempotencyKey: 'x' })).rejects.toThrow()
    await expect(db().insert(creditLedger).values({ userId: m.userId, delta: -5, balanceAfter: -4, reason: 'spend', idempotencyKey: 'y' })).rejects.toThrow()
  })

  it('spends under a held lock in one statement: once per key, never beyond the balance, entry and balance together', async () => {
    const m = await createMember()
    await book({ userId: m.userId, delta: 25, reason: 'purchase', key: 'p' })
    const spend = (amount: number, key: string) =>
      db().transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, m.userId)).for('update')
        return spendCreditsUnderLock(tx, { userId: m.userId, amount, reason: 'spend', reference: 'message:x', key })
      })
    expect(await spend(10, 's1')).toMatchObject({ booked: true, balance: 15, delta: -10 })
    expect(await spend(10, 's1')).toEqual({ booked: false, reason: 'duplicate', balance: 15 })
    expect(await spend(20, 's2')).toEqual({ booked: false, reason: 'insufficient', balance: 15 })
    // Ten at once, each under the lock: 15 credits pay for one spend of 10 only.
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => spend(10, `c${i}`)))
    expect(all.filter((r) => r.booked)).toHaveLength(1)
    const rows = await db()
      .select({ delta: creditLedger.delta, balanceAfter: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(eq(creditLedger.userId, m.userId))
      .orderBy(creditLedger.id)
    expect(rows).toEqual([
      { delta: 25, balanceAfter: 25 },
      { delta: -10, balanceAfter: 15 },
      { delta: -10, balanceAfter: 5 },
    ])
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.userId))
    expect(u.credits).toBe(5)
    expect(await ledgerBalance(m.userId)).toBe(5)
    await expect(db().transaction((tx) => spendCreditsUnderLock(tx, { userId: m.userId, amount: 0, reason: 'spend', key: 'z' }))).rejects.toThrow()
  })
})
