import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '#db/client.server'
import { readDemoLogins } from '#db/seed/demo-logins.server'
import { consoleLogin, PUBLISHED_ADMIN } from '../tests/setup/console-login'
import { apiLogin, startServer, type ServerProcess } from '../tests/setup/server-process'

// Decision record 025 on the embedded database: the quick start (`npm start`, SEED_DEMO unset, empty DATA_DIR)
// seeds the demo with logins made for this install; an operator made first keeps the demo out.

const running: ServerProcess[] = []
afterEach(async () => {
  for (const s of running.splice(0)) {
    s.child.kill('SIGTERM')
    await s.exited
  }
})

const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '', LOG_LEVEL: 'info' })

async function stop(s: ServerProcess) {
  running.splice(running.indexOf(s), 1)
  s.child.kill('SIGTERM')
  await s.exited
}

describe('the quick start on the embedded database', () => {
  it('seeds the demo into an empty DATA_DIR, keeps its random logins there, prints them, and they work', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-mode-'))
    const server = await startServer(embedded(dataDir), 240_000)
    running.push(server)
    const file = path.join(dataDir, 'demo-logins.json')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const logins = readDemoLogins(dataDir)
    expect(logins.members.map((m) => m.email)).toEqual(['anna@demo.local', 'ben@demo.local'])
    expect(logins.operators.map((o) => o.email)).toEqual(['admin@demo.local', 'moderator@demo.local', 'moderator2@demo.local', 'support@demo.local'])
    // Printed where and as before: `email / password`, and for operators `role: email / password / key`.
    const out = server.output()
    for (const m of logins.members) expect(out).toContain(`    ${m.email} / ${m.password}\n`)
    for (const o of logins.operators) expect(out).toContain(`    ${o.role}: ${o.email} / ${o.password} / ${o.totpSecret}\n`)

    for (const m of logins.members) expect(await apiLogin(server.port, m.email, m.password)).toMatch(/^sid=/)
    const admin = logins.operators[0]
    expect(await consoleLogin(server.port, admin.email, admin.password)).toEqual({ status: 302, location: '/admin/login/code' })
    // The passwords once written in the source open nothing.
    expect((await consoleLogin(server.port, PUBLISHED_ADMIN.email, PUBLISHED_ADMIN.password)).status).toBe(401)

    // A restart seeds nothing more and prints the same logins.
    await stop(server)
    const again = await startServer(embedded(dataDir), 60_000)
    running.push(again)
    expect(readDemoLogins(dataDir)).toEqual(logins)
    expect(again.output()).not.toContain('seeding demo data')
    expect(again.output()).toContain(`    ${admin.role}: ${admin.email} / ${admin.password} / ${admin.totpSecret}\n`)
  }, 360_000)

  it('an operator made with `npm run operator:create` on an empty database is never joined by the demo', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-mode-'))
    const password = `op-${Math.random().toString(36).slice(2)}-${Date.now()}`
    const created = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/operator-create.ts', '--email', 'ops@example.com', '--name', 'First Admin', '--role', 'admin'],
      {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir, OPERATOR_PASSWORD: password, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 120_000,
      },
    )
    expect(created.status, created.stderr).toBe(0)

    const server = await startServer(embedded(dataDir), 120_000)
    running.push(server)
    expect(server.output()).not.toContain('Demo')
    expect(fs.existsSync(path.join(dataDir, 'demo-logins.json'))).toBe(false)
    expect((await consoleLogin(server.port, PUBLISHED_ADMIN.email, PUBLISHED_ADMIN.password)).status).toBe(401)
    expect(await consoleLogin(server.port, 'ops@example.com', password)).toEqual({ status: 302, location: '/admin/enrol' })
    await stop(server)

    const handle = await openDatabase({ dataDir })
    try {
      const count = async (table: string) => {
        const result = (await handle.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }
        return Number(result.rows[0].n)
      }
      expect({ operators: await count('operators'), users: await count('users'), profiles: await count('profiles') }).toEqual({
        operators: 1,
        users: 0,
        profiles: 0,
      })
    } finally {
      await handle.close()
    }
  }, 300_000)
})
