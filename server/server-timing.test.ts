import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { useTestDatabase } from '../tests/setup/test-db'
import { serverTiming } from './server-timing.server'

// Issue 26: every reply says how long the server waited on the database, how many statements it sent, and the rest.
useTestDatabase()

let origin = ''
let close = () => {}
beforeAll(async () => {
  const app = express()
  app.use(serverTiming)
  app.get('/three', async (_req, res) => {
    await Promise.all([db().execute(sql`select pg_sleep(0.03)`), db().execute(sql`select ${1}::int`)])
    await db().transaction(async (tx) => {
      await tx.execute(sql`select ${2}::int`)
    })
    res.send('ok')
  })
  app.get('/none', (_req, res) => void res.send('ok'))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((r) => server.once('listening', r))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

const timing = async (path: string) => (await fetch(origin + path)).headers.get('server-timing') ?? ''

describe('Server-Timing', () => {
  it('counts the statements of the request, also inside a transaction, and the time spent waiting on them', async () => {
    const header = await timing('/three')
    expect(header).toMatch(/^db;dur=[\d.]+;desc="\d+ statements", app;dur=[\d.]+, total;dur=[\d.]+$/)
    // On PostgreSQL the transaction's BEGIN and COMMIT are statements of their own; the embedded database runs them itself.
    expect(Number(/"(\d+) statements"/.exec(header)![1])).toBe(process.env.TEST_DATABASE_URL ? 5 : 3)
    const dur = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header)![1])
    expect(dur('db')).toBeGreaterThanOrEqual(25)
    expect(dur('db') + dur('app')).toBeCloseTo(dur('total'), 0)
  })

  it('says 0 statements for a reply that asked the database nothing, whatever the requests beside it did', async () => {
    const [none] = await Promise.all([timing('/none'), timing('/three')])
    expect(none).toContain('desc="0 statements"')
  })
})
