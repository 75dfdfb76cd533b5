import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createMember } from '../../tests/setup/factories'
import { saveMedia } from '#app/adapters/storage/disk-storage.server'
import { loadOrCreateSecret } from '#app/lib/secrets.server'
import { db, migrate, migrationsFolder, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { profiles, users } from '#db/schema/index'
import { createBackup, restoreBackup, type Installation } from './backup.server'
import { restorePostgres } from './postgres-dump.server'
import { BackupError, codeMigrationCount, MANIFEST_FILE, readManifest } from './manifest'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** Every row of every table and every sequence's position: what "back exactly" compares. */
async function snapshot(handle: DbHandle): Promise<Record<string, unknown>> {
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows
  const tables = rows<{ t: string }>(await handle.db.execute(sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.t)
  const out: Record<string, unknown> = {}
  for (const t of tables) out[t] = rows<{ j: unknown }>(await handle.db.execute(sql.raw(`select coalesce(json_agg(x order by x::text), '[]') as j from "${t}" x`)))[0].j
  out['(sequences)'] = rows(await handle.db.execute(sql`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`))
  out['(migrations)'] = rows(await handle.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`))
  return out
}

/** Some members, a credit booking, media in both areas and the generated keys. */
async function arrange(dataDir: string) {
  const a = await createMember({ name: 'Backup Anna', credits: 25 })
  const b = await createMember({ name: 'Backup Ben', gender: 'male' })
  await saveMedia(dataDir, 'photo-a.webp', Buffer.from('public photo bytes'), 'public')
  await saveMedia(dataDir, 'photo-a-full.webp', Buffer.from('private photo bytes'), 'private')
  loadOrCreateSecret(dataDir, 'session-secret', undefined)
  fs.writeFileSync(path.join(dataDir, 'vapid.json'), JSON.stringify({ publicKey: 'pub', privateKey: 'priv' }))
  return { a, b }
}

/** Changes made after the backup, which the restore must undo: rows changed, deleted and added, media too. */
async function damage(dataDir: string, ids: { a: { userId: number }; b: { userId: number; profileId: number } }) {
  await db().update(users).set({ credits: 999 }).where(eq(users.id, ids.a.userId))
  await db().delete(profiles).where(eq(profiles.id, ids.b.profileId))
  await db().delete(users).where(eq(users.id, ids.b.userId))
  await createMember({ name: 'After The Backup' })
  fs.rmSync(path.join(dataDir, 'uploads-private', 'photo-a-full.webp'))
  fs.writeFileSync(path.join(dataDir, 'uploads', 'later.webp'), 'added later')
  fs.writeFileSync(path.join(dataDir, 'session-secret'), 'another secret')
}

function expectFilesAsArranged(dataDir: string) {
  expect(fs.readFileSync(path.join(dataDir, 'uploads', 'photo-a.webp'), 'utf8')).toBe('public photo bytes')
  expect(fs.readFileSync(path.join(dataDir, 'uploads-private', 'photo-a-full.webp'), 'utf8')).toBe('private photo bytes')
  expect(fs.existsSync(path.join(dataDir, 'uploads', 'later.webp'))).toBe(false)
  expect(fs.readFileSync(path.join(dataDir, 'vapid.json'), 'utf8')).toContain('"publicKey":"pub"')
  expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).not.toBe('another secret')
}

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

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore of PostgreSQL', () => {
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
    await expect(restoreBackup({ dataDir }, dir, { migrationsFolder })).rejects.toThrow(/holds a PostgreSQL database, but this installation uses the embedded database/)

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
