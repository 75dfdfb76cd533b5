import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, migrationsFolder, openDatabase, setDatabase } from '#db/client.server'
import { createBackup, restoreBackup, type Installation } from './backup.server'
import { arrange, damage, expectFilesAsArranged, snapshot } from '../../tests/setup/backup-fixtures'
import { codeMigrationCount } from './manifest'
import { restorePostgres } from './postgres-dump.server'

// Runs when TEST_DATABASE_URL names a PostgreSQL server (vitest.config.ts leaves *.pg.test.ts out otherwise).
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

describe('backup and restore of PostgreSQL', () => {
  it('brings rows and media back exactly with pg_dump and pg_restore, and waits for the servers to stop', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!)
    const name = `${base.pathname.slice(1) || 'test'}_backup`
    const admin = new pg.Client({ connectionString: base.toString() })
    await admin.connect()
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.query(`create database "${name}"`)
    await admin.end()
    const url = new URL(base)
    url.pathname = `/${name}`
    const dataDir = path.join(tmp, 'postgres-data')
    const site: Installation = { databaseUrl: url.toString(), dataDir }

    let handle = await openDatabase({ url: url.toString(), poolSize: 2 })
    await migrate(handle)
    setDatabase(handle)
    const ids = await arrange(dataDir)
    const before = await snapshot(handle)

    // Taken while the server runs.
    const { dir, manifest } = await createBackup(site, path.join(tmp, 'postgres-backups'))
    expect(manifest).toMatchObject({ kind: 'postgres', migrations: codeMigrationCount(migrationsFolder), postgres: { pgDump: expect.stringMatching(/^\d+/) } })
    expect(manifest.database.file).toBe('database.pgdump')

    await damage(dataDir, ids)
    expect(await snapshot(handle)).not.toEqual(before)
    // The server still has its connections open: refused, unchanged.
    await expect(restoreBackup(site, dir, { migrationsFolder })).rejects.toThrow(/other session\(s\) use the database/)
    await handle.close()
    // The embedded kind is refused here too.
    await expect(restoreBackup({ dataDir }, dir, { migrationsFolder })).rejects.toThrow(
      /holds a PostgreSQL database, but this installation uses the embedded database/,
    )

    const restored = await restoreBackup(site, dir, { migrationsFolder })
    expect(restored.manifest.kind).toBe('postgres')
    handle = await openDatabase({ url: url.toString(), poolSize: 2 })
    try {
      expect(await snapshot(handle)).toEqual(before)
      await handle.close()
      // An archive cut short fails the restore at its end, in one transaction: nothing changed, not even the drop.
      const cut = path.join(tmp, 'cut.pgdump')
      fs.writeFileSync(cut, fs.readFileSync(path.join(dir, manifest.database.file)).subarray(0, Math.floor(manifest.database.bytes * 0.8)))
      await expect(restorePostgres(url.toString(), cut, manifest.postgres!.pgDump)).rejects.toThrow(/changed nothing/)
      handle = await openDatabase({ url: url.toString(), poolSize: 2 })
      expect(await snapshot(handle)).toEqual(before)
    } finally {
      await handle.close()
      setDatabase(undefined)
    }
    expectFilesAsArranged(dataDir)
  }, 180_000)
})
