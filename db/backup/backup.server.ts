import fs from 'node:fs'
import path from 'node:path'
import { pgliteDataDir } from '../client.server'
import { DataDirBusyError, lockDataDir } from '../data-dir-lock.server'
import type { MediaStore } from '#app/adapters/storage/media-store'
import { archiveDataFiles, dataFileNames, extractDataFiles, mediaFolderNames } from './data-files.server'
import {
  appVersion,
  BackupError,
  checkPart,
  codeMigrationCount,
  describePart,
  readManifest,
  writeManifest,
  type BackupKind,
  type BackupManifest,
} from './manifest'
import { replaceMedia } from './object-media.server'
import { dumpPglite, loadPglite } from './pglite-image.server'
import { dumpPostgres, otherSessions, postgresMigrationCount, restorePostgres } from './postgres-dump.server'

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts; docs/operations.md, decision
 * record 022). A backup is a folder named by its UTC time: the database, the files of DATA_DIR, a manifest.
 */
export interface Installation {
  /** Set: PostgreSQL; unset: the embedded database under dataDir. */
  databaseUrl?: string
  dataDir: string
  /** Where the media are (MEDIA_STORAGE); unset or disk: the folders in dataDir. Object storage is backed up too. */
  media?: MediaStore
}

const DATABASE_FILE: Record<BackupKind, string> = { pglite: 'database.tar.gz', postgres: 'database.pgdump' }
const FILES_ARCHIVE = 'files.tar'
const describeKind = (k: BackupKind) => (k === 'pglite' ? 'the embedded database (PGlite)' : 'a PostgreSQL database')
const stampOf = (d: Date) =>
  d
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')

/** The embedded database's lock, with the reason a backup or restore cannot go on as its message. */
function lockEmbedded(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  try {
    return lockDataDir(pgliteDataDir(dataDir))
  } catch (e) {
    if (e instanceof DataDirBusyError) throw new BackupError(e.message)
    throw e
  }
}

/** Writes a backup into `<parentDir>/<UTC time>/`; a half-written one is removed, never left to look complete. */
export async function createBackup(site: Installation, parentDir: string, now = new Date()): Promise<{ dir: string; manifest: BackupManifest }> {
  const kind: BackupKind = site.databaseUrl ? 'postgres' : 'pglite'
  const dir = path.resolve(parentDir, stampOf(now))
  if (fs.existsSync(dir)) throw new BackupError(`${dir} exists already.`)
  // Personal data and keys: readable by the owner only.
  fs.mkdirSync(parentDir, { recursive: true, mode: 0o700 })
  const partial = path.resolve(parentDir, `.${stampOf(now)}.partial`)
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(partial, { mode: 0o700 })
  try {
    const databaseFile = DATABASE_FILE[kind]
    let migrations: number
    let files: Awaited<ReturnType<typeof archiveDataFiles>>
    let postgres: BackupManifest['postgres']
    if (kind === 'pglite') {
      const pgDir = pgliteDataDir(site.dataDir)
      if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${pgDir} to back up.`)
      // Held until the files are archived too: no server starts meanwhile, and the media match the database.
      const unlock = lockEmbedded(site.dataDir)
      try {
        ;({ migrations } = await dumpPglite(pgDir, path.join(partial, databaseFile)))
        files = await archiveDataFiles(site.dataDir, path.join(partial, FILES_ARCHIVE), site.media)
      } finally {
        unlock()
      }
    } else {
      // The servers keep running: the dump is one consistent snapshot; the files follow it, so that what the dump
      // refers to was there (a photo deleted in between is the only gap).
      migrations = await postgresMigrationCount(site.databaseUrl!)
      postgres = await dumpPostgres(site.databaseUrl!, path.join(partial, databaseFile))
      files = await archiveDataFiles(site.dataDir, path.join(partial, FILES_ARCHIVE), site.media)
    }
    const manifest: BackupManifest = {
      format: 1,
      kind,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      migrations,
      database: await describePart(partial, databaseFile),
      files: { ...(await describePart(partial, FILES_ARCHIVE)), entries: files.entries },
      media: site.media?.kind === 's3' ? { storage: 's3', objects: files.objects ?? 0 } : { storage: 'disk' },
      ...(postgres ? { postgres } : {}),
    }
    writeManifest(partial, manifest)
    fs.renameSync(partial, dir)
    return { dir, manifest }
  } catch (e) {
    fs.rmSync(partial, { recursive: true, force: true })
    throw e
  }
}

export interface RestoreResult {
  manifest: BackupManifest
  /** Where what the restore replaced in DATA_DIR was moved (the embedded database, the media), or null. */
  asideDir: string | null
}

/**
 * Puts the backup in `dir` back: refuses one of the other kind, one newer than this code, a damaged one, and (unless
 * `force`) a PostgreSQL database that other sessions use. What it replaces in DATA_DIR is moved aside, not deleted.
 */
export async function restoreBackup(site: Installation, dir: string, opts: { migrationsFolder: string; force?: boolean; now?: Date }): Promise<RestoreResult> {
  const manifest = readManifest(dir)
  const kind: BackupKind = site.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.kind !== kind)
    throw new BackupError(
      `This backup holds ${describeKind(manifest.kind)}, but this installation uses ${describeKind(kind)} (DATABASE_URL is ${site.databaseUrl ? 'set' : 'unset'}).`,
    )
  const known = codeMigrationCount(opts.migrationsFolder)
  if (manifest.migrations > known)
    throw new BackupError(
      `This backup was made by a newer version (${manifest.migrations} migrations; this code has ${known}): restore it with that version or a later one.`,
    )
  await checkPart(dir, manifest.database)
  await checkPart(dir, manifest.files)

  const stamp = stampOf(opts.now ?? new Date())
  const stage = path.resolve(site.dataDir, `.restore-${stamp}`)
  const aside = path.resolve(site.dataDir, `before-restore-${stamp}`)
  fs.mkdirSync(site.dataDir, { recursive: true })
  fs.rmSync(stage, { recursive: true, force: true })
  fs.mkdirSync(stage, { mode: 0o700 })
  try {
    // Everything is unpacked and checked beside the live data first; only then is anything replaced.
    await extractDataFiles(site.dataDir, path.join(dir, manifest.files.file), path.join(stage, 'files'))
    if (kind === 'pglite') {
      const unlock = lockEmbedded(site.dataDir)
      try {
        const { migrations } = await loadPglite(path.join(dir, manifest.database.file), path.join(stage, 'pglite'))
        if (migrations !== manifest.migrations)
          throw new BackupError(`The database in the backup has ${migrations} migrations, its manifest says ${manifest.migrations}: not restored.`)
        moveInto(site.dataDir, aside, path.join(stage, 'pglite'), path.basename(pgliteDataDir(site.dataDir)))
        await putFilesInPlace(site, path.join(stage, 'files'), aside)
      } finally {
        unlock()
      }
    } else {
      const url = site.databaseUrl!
      const sessions = opts.force ? 0 : await otherSessions(url)
      if (sessions > 0) throw new BackupError(`${sessions} other session(s) use the database: stop the servers first (or pass --force).`)
      await restorePostgres(url, path.join(dir, manifest.database.file), manifest.postgres?.pgDump ?? '0')
      await putFilesInPlace(site, path.join(stage, 'files'), aside)
    }
  } finally {
    fs.rmSync(stage, { recursive: true, force: true })
  }
  const movedAside = fs.existsSync(aside) && fs.readdirSync(aside).length > 0
  if (!movedAside) fs.rmSync(aside, { recursive: true, force: true })
  return { manifest, asideDir: movedAside ? aside : null }
}

/** The unpacked files go to DATA_DIR, the media among them to the bucket when the media live there. */
async function putFilesInPlace(site: Installation, files: string, aside: string): Promise<void> {
  const toBucket = site.media?.kind === 's3'
  if (toBucket) await replaceMedia(site.media!, files, aside)
  for (const name of dataFileNames(site.dataDir)) {
    if (toBucket && mediaFolderNames(site.dataDir).includes(name)) continue
    moveInto(site.dataDir, aside, path.join(files, name), name)
  }
}

/** DATA_DIR/name becomes `from` (or nothing, when the backup had none); what was there goes to `aside`. */
function moveInto(dataDir: string, aside: string, from: string, name: string): void {
  const target = path.join(dataDir, name)
  if (fs.existsSync(target)) {
    fs.mkdirSync(aside, { recursive: true, mode: 0o700 })
    fs.renameSync(target, path.join(aside, name))
  }
  if (fs.existsSync(from)) fs.renameSync(from, target)
}
