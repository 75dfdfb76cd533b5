import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/**
 * A backup is a folder: the database (a PGlite data directory image or a pg_dump archive), the files of DATA_DIR
 * (media and generated keys) as a tar, and this manifest, written last: a folder without one is not a backup.
 */
export const MANIFEST_FILE = 'manifest.json'

const part = z.object({ file: z.string().regex(/^[\w.-]+$/), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })

const manifestSchema = z.object({
  format: z.literal(1),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  appVersion: z.string(),
  /** Migrations applied to the database when it was saved: a newer backup than the code is refused. */
  migrations: z.number().int().min(0),
  database: part,
  files: part.extend({ entries: z.array(z.string()) }),
  /** Where the media came from: the disk, or object storage (the number of objects archived). Older backups: disk. */
  media: z.object({ storage: z.enum(['disk', 's3']), objects: z.number().int().min(0).optional() }).optional(),
  /** PostgreSQL only: the server's version and that of the pg_dump that wrote the archive. */
  postgres: z.object({ server: z.string(), pgDump: z.string() }).optional(),
})

export type BackupManifest = z.infer<typeof manifestSchema>
export type BackupKind = BackupManifest['kind']
export type BackupPart = z.infer<typeof part>

export class BackupError extends Error {}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE)
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    throw new BackupError(`${dir} is not a backup: ${MANIFEST_FILE} is missing or unreadable.`)
  }
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) throw new BackupError(`${file} is not a manifest this version understands.`)
  return parsed.data
}

export function writeManifest(dir: string, manifest: BackupManifest): void {
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
}

/** Size and digest of a part written into the backup folder. */
export async function describePart(dir: string, file: string): Promise<BackupPart> {
  const full = path.join(dir, file)
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(full)) hash.update(chunk as Buffer)
  return { file, bytes: fs.statSync(full).size, sha256: hash.digest('hex') }
}

/** Refuses a part that is missing or not what the manifest says (a copy cut short, a changed file). */
export async function checkPart(dir: string, expected: BackupPart): Promise<void> {
  if (!fs.existsSync(path.join(dir, expected.file))) throw new BackupError(`The backup has no ${expected.file}.`)
  const actual = await describePart(dir, expected.file)
  if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256)
    throw new BackupError(`${expected.file} in the backup is damaged: its size or checksum differs from the manifest.`)
}

/** How many migrations this version of the code has (db/migrations/meta/_journal.json). */
export function codeMigrationCount(migrationsFolder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
  return journal.entries.length
}

export function appVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version?: string }).version ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
