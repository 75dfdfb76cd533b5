import { describe, expect, it } from 'vitest'
import { startStatement, statementName, tallied, withQueryTally } from './query-tally.server'

const later = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

describe('the query tally of a request', () => {
  it('counts each statement, and statements that run side by side as one stretch of waiting', async () => {
    await withQueryTally(async (tally) => {
      await Promise.all([tallied(later(60)), tallied(later(60))])
      expect(tally.statements).toBe(2)
      expect(tally.dbMs).toBeGreaterThanOrEqual(50)
      expect(tally.dbMs).toBeLessThan(110)
      await tallied(later(30))
      expect(tally.statements).toBe(3)
      expect(tally.dbMs).toBeGreaterThanOrEqual(80)
      expect(tally.running).toBe(0)
    })
  })

  it('keeps requests apart, and counts nothing outside a request', async () => {
    expect(startStatement()).toBeUndefined()
    const counts = await Promise.all(
      [1, 3].map((n) =>
        withQueryTally(async (t) => {
          for (let i = 0; i < n; i++) await tallied(later(1))
          return t.statements
        }),
      ),
    )
    expect(counts).toEqual([1, 3])
  })

  it('counts a failed statement too, and ends its wait once', async () => {
    await withQueryTally(async (tally) => {
      await expect(tallied(Promise.reject(new Error('no')))).rejects.toThrow('no')
      const done = startStatement()!
      done()
      done()
      expect(tally).toMatchObject({ statements: 2, running: 0 })
    })
  })
})

describe('statement names', () => {
  it('gives the same text the same name and another text another one', () => {
    const a = statementName('select $1', [1], 0)
    expect(a).toMatch(/^s_[\w-]{20}$/)
    expect(statementName('select $1', [2], 5)).toBe(a)
    expect(statementName('select $1 + 1', [1], 0)).not.toBe(a)
  })

  it('leaves statements without parameters unnamed (they may hold several commands), and stops at the cap', () => {
    expect(statementName('create table a (); create table b ()', [], 0)).toBeUndefined()
    expect(statementName('select 1', undefined, 0)).toBeUndefined()
    expect(statementName('select $1', [1], 2000)).toBeUndefined()
  })
})
