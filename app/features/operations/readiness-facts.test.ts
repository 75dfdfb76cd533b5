import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createOperator } from '#app/features/console/operators/operator-accounts.server'
import { parseEnv } from '#app/lib/env.server'
import { writeManifest, type BackupManifest } from '#db/backup/manifest'
import { db } from '#db/client.server'
import { operators, users } from '#db/schema/index'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { countDemoLogins, newestBackupAt, readinessFacts, siteReadiness } from './readiness-facts.server'

useTestDatabase()

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'readiness-'))

function writeBackup(parent: string, name: string, createdAt: string) {
  fs.mkdirSync(path.join(parent, name), { recursive: true })
  const part = { file: 'x', bytes: 0, sha256: '0'.repeat(64) }
  const manifest: BackupManifest = {
    format: 1,
    kind: 'postgres',
    createdAt,
    appVersion: '0.1.0',
    migrations: 1,
    database: part,
    files: { ...part, entries: [] },
  }
  writeManifest(path.join(parent, name), manifest)
}

describe('demo logins in the database', () => {
  it('counts demo members and operators who can still sign in, and nobody else', async () => {
    expect(await countDemoLogins()).toBe(0)
    await createMember({ email: 'anna@demo.local' })
    const gone = await createMember({ email: 'ben@DEMO.local' })
    await createMember({ email: 'real@example.com' })
    await createOperator({ email: 'admin@demo.local', name: 'Demo Admin', role: 'admin', password: 'long-enough-password' })
    const off = await createOperator({ email: 'support@demo.local', name: 'Demo Support', role: 'support', password: 'long-enough-password' })
    await createOperator({ email: 'ops@example.com', name: 'Ops', role: 'admin', password: 'long-enough-password' })
    expect(await countDemoLogins()).toBe(4)
    // Erased members and disabled operators cannot sign in any more.
    await db().update(users).set({ status: 'deleted' }).where(eq(users.id, gone.userId))
    await db().update(operators).set({ disabledAt: new Date() }).where(eq(operators.id, off))
    expect(await countDemoLogins()).toBe(2)
  })

  it("shows on the running site's report", async () => {
    const dataDir = tmp()
    const e = parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir })
    expect((await siteReadiness(e)).items.find((i) => i.id === 'demoLogins')?.status).toBe('ok')
    await createOperator({ email: 'admin@demo.local', name: 'Demo Admin', role: 'admin', password: 'long-enough-password' })
    expect((await siteReadiness(e)).items.find((i) => i.id === 'demoLogins')).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('1 demo login(s)'),
    })
  })
})

describe('the newest backup', () => {
  it('is the newest folder with a manifest; half-written and foreign folders are passed over', () => {
    const dir = tmp()
    expect(newestBackupAt(path.join(dir, 'absent'))).toBeNull()
    expect(newestBackupAt(dir)).toBeNull()
    writeBackup(dir, '2026-11-20T03-00-00Z', '2026-11-20T03:00:00.000Z')
    writeBackup(dir, '2026-11-25T03-00-00Z', '2026-11-25T03:00:00.000Z')
    fs.mkdirSync(path.join(dir, '2026-11-26T03-00-00Z'))
    fs.mkdirSync(path.join(dir, '.2026-11-27T03-00-00Z.partial'))
    fs.mkdirSync(path.join(dir, 'zz-not-a-backup'))
    fs.writeFileSync(path.join(dir, 'zz-not-a-backup', 'manifest.json'), '{"format":9}')
    expect(newestBackupAt(dir)).toEqual(new Date('2026-11-25T03:00:00.000Z'))
  })
})

describe('the facts the report reads', () => {
  it('sees the files generated into DATA_DIR, the backups and the topology', () => {
    const dataDir = tmp()
    const backups = tmp()
    const e = parseEnv({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379' })
    const facts = () => readinessFacts(e, { backupDir: backups, demoLogins: { unchecked: 'not here' } })
    expect(facts()).toMatchObject({
      vapidFile: false,
      demoLoginsFile: false,
      demoLogins: null,
      demoLoginsUnchecked: 'not here',
      lastBackupAt: null,
      topology: { processes: 2, machines: 2 },
    })
    fs.writeFileSync(path.join(dataDir, 'vapid.json'), '{}')
    fs.writeFileSync(path.join(dataDir, 'demo-logins.json'), '[]')
    writeBackup(backups, '2026-11-25T03-00-00Z', '2026-11-25T03:00:00.000Z')
    expect(facts()).toMatchObject({ vapidFile: true, demoLoginsFile: true, lastBackupAt: new Date('2026-11-25T03:00:00.000Z'), backupDir: backups })
    expect(readinessFacts(e, { topology: { machines: 1 }, demoLogins: { count: 3 } })).toMatchObject({
      demoLogins: 3,
      topology: { processes: 2, machines: 1 },
      backupDir: 'backups',
    })
  })
})
