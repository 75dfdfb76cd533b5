import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate, migrationsFolder, openDatabase, setDatabase } from '#db/client.server'
import { createBackup, restoreBackup, type Installation } from './backup.server'
import { arrange, damage, expectFilesAsArranged, snapshot } from '../../tests/setup/backup-fixtures'
import { BackupError, codeMigrationCount, MANIFEST_FILE, readManifest } from './manifest'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

describe('backup and restore of the embedded database', () => {
  it('brings rows and media back exactly, refusing while a server holds the database', async () => {
    const dataDir = path.join(tmp, 'embedded-data')
    const site: Installation = { dataDir }
    const backups = path.join(tmp, 'embedded-backups')

    let handle = await openDatabase({ dataDir })
    await migrate(handle)
    setDatabase(handle)
    const ids = await arrange(dataDir)
    const before = await snapshot(handle)
    const secret = fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')

    // The database is open (a server runs): the backup refuses and leaves nothing behind.
    await expect(createBackup(site, backups)).rejects.toThrow(/in use by process \d+.*stop the server first/)
    expect(fs.existsSync(backups) ? fs.readdirSync(backups) : []).toEqual([])
    await handle.close()

    const { dir, manifest } = await createBackup(site, backups, new Date('2026-11-25T10:20:30.456Z'))
    expect(path.basename(dir)).toBe('2026-11-25T10-20-30Z')
    expect(fs.readdirSync(backups)).toEqual(['2026-11-25T10-20-30Z'])
    expect(manifest).toMatchObject({ format: 1, kind: 'pglite', createdAt: '2026-11-25T10:20:30.456Z', migrations: codeMigrationCount(migrationsFolder) })
    expect([...manifest.files.entries].sort()).toEqual(['session-secret', 'uploads', 'uploads-private', 'vapid.json'])
    expect(readManifest(dir)).toEqual(manifest)
    expect(fs.statSync(dir).mode & 0o077).toBe(0)

    handle = await openDatabase({ dataDir })
    setDatabase(handle)
    await damage(dataDir, ids)
    expect(await snapshot(handle)).not.toEqual(before)
    // Nor does a restore go on while the database is open.
    await expect(restoreBackup(site, dir, { migrationsFolder })).rejects.toThrow(/stop the server first/)
    await handle.close()

    const restored = await restoreBackup(site, dir, { migrationsFolder })
    // What the restore replaced is kept aside, not deleted.
    expect(restored.asideDir).not.toBeNull()
    expect(fs.readFileSync(path.join(restored.asideDir!, 'uploads', 'later.webp'), 'utf8')).toBe('added later')
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([])

    handle = await openDatabase({ dataDir })
    try {
      expect(await snapshot(handle)).toEqual(before)
    } finally {
      await handle.close()
      setDatabase(undefined)
    }
    expectFilesAsArranged(dataDir)
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(secret)
  }, 180_000)

  it('refuses a backup of the other kind, of a newer version, or damaged, before changing anything', async () => {
    const dataDir = path.join(tmp, 'refusals-data')
    const handle = await openDatabase({ dataDir })
    await migrate(handle)
    await handle.close()
    const { dir, manifest } = await createBackup({ dataDir }, path.join(tmp, 'refusals-backups'))

    await expect(restoreBackup({ dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, dir, { migrationsFolder })).rejects.toThrow(
      /holds the embedded database \(PGlite\), but this installation uses a PostgreSQL database/,
    )
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, migrations: manifest.migrations + 1 }))
    await expect(restoreBackup({ dataDir }, dir, { migrationsFolder })).rejects.toThrow(/made by a newer version/)
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest))
    fs.appendFileSync(path.join(dir, manifest.files.file), 'x')
    await expect(restoreBackup({ dataDir }, dir, { migrationsFolder })).rejects.toThrow(BackupError)
    await expect(restoreBackup({ dataDir }, dir, { migrationsFolder })).rejects.toThrow(/files.tar in the backup is damaged/)
    fs.rmSync(path.join(dir, MANIFEST_FILE))
    await expect(restoreBackup({ dataDir }, dir, { migrationsFolder })).rejects.toThrow(/is not a backup/)
    // Nothing was moved aside or replaced by the refused restores.
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('before-restore') || n.startsWith('.restore'))).toEqual([])
  }, 120_000)
})
