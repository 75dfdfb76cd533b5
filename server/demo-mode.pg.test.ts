import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { consoleLogin, PUBLISHED_ADMIN } from '../tests/setup/console-login'
import { createTestDatabase, startServer, type ServerProcess } from '../tests/setup/server-process'

// Decision record 025: a production start on a fresh PostgreSQL database (DATABASE_URL) with SEED_DEMO unset is a
// real installation. Before, it seeded 300 profiles, two members and four operators whose logins were published.

let server: ServerProcess | undefined
afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
})

describe('a production start on a fresh PostgreSQL database, SEED_DEMO unset', () => {
  it('seeds nothing demo, says how to get a demo, and the demo admin login is refused', async () => {
    const databaseUrl = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'demo_mode')
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-mode-pg-'))
    server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_DEMO: '', NODE_ENV: 'production', LOG_LEVEL: 'info' }, 120_000)

    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const count = async (table: string) => Number((await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n)
      expect({ profiles: await count('profiles'), users: await count('users'), operators: await count('operators') }).toEqual({
        profiles: 0,
        users: 0,
        operators: 0,
      })
    } finally {
      await client.end()
    }
    expect(fs.existsSync(path.join(dataDir, 'demo-logins.json'))).toBe(false)
    const out = server.output()
    expect(out).not.toContain('Demo')
    expect(out).toContain('SEED_DEMO=1')
    expect((await consoleLogin(server.port, PUBLISHED_ADMIN.email, PUBLISHED_ADMIN.password)).status).toBe(401)
  }, 180_000)
})
