import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { uploadsDir } from '#app/adapters/storage/disk-storage.server'
import type { MediaStore } from '#app/adapters/storage/media-store'
import { BackupError } from './manifest'
import { downloadMedia } from './object-media.server'

const run = promisify(execFile)

/**
 * What of DATA_DIR besides the database a restored site needs: the media (public and private uploads) and the keys
 * generated there when not configured (the session secret, which keys the stored session hashes, and the Web Push
 * key pair every browser subscription is bound to), and a demo's logins, which exist nowhere else (decision record 025).
 */
export function dataFileNames(dataDir: string): string[] {
  return [...mediaFolderNames(dataDir), 'vapid.json', 'session-secret', 'demo-logins.json']
}

/** The media's two folders (disk) or what the objects of both areas are archived as (object storage). */
export function mediaFolderNames(dataDir: string): string[] {
  return [path.basename(uploadsDir(dataDir, 'public')), path.basename(uploadsDir(dataDir, 'private'))]
}

/**
 * Archives those of the data files that exist into `tarFile` (uncompressed: photos are WebP already). With media in
 * object storage, the objects are downloaded beside the archive first and archived as the same two folders.
 */
export async function archiveDataFiles(dataDir: string, tarFile: string, media?: MediaStore): Promise<{ entries: string[]; objects?: number }> {
  const fromBucket = media?.kind === 's3'
  const keys = dataFileNames(dataDir).filter((n) => !(fromBucket && mediaFolderNames(dataDir).includes(n)) && fs.existsSync(path.join(dataDir, n)))
  const stage = `${tarFile}.media`
  // An empty archive is still written, so that a restore makes DATA_DIR hold exactly nothing of these.
  const args = [
    '--create',
    '--file',
    tarFile,
    '--warning=no-file-changed',
    '--ignore-failed-read',
    '--directory',
    dataDir,
    ...(keys.length ? keys : ['--files-from', '/dev/null']),
  ]
  let objects: number | undefined
  try {
    if (fromBucket) {
      objects = await downloadMedia(media, stage)
      args.push('--directory', stage, ...mediaFolderNames(dataDir))
    }
    // (Every name is one of ours, none starts with a dash.)
    await run('tar', args, { maxBuffer: 16 * 1024 * 1024 })
  } catch (e) {
    // Status 1: a file changed or went away while read (a server running beside a PostgreSQL backup); the rest is whole.
    if (e instanceof BackupError) throw e
    if ((e as { code?: unknown }).code !== 1) throw new BackupError(`tar failed: ${((e as { stderr?: string }).stderr ?? '').trim() || (e as Error).message}`)
  } finally {
    fs.rmSync(stage, { recursive: true, force: true })
  }
  fs.chmodSync(tarFile, 0o600)
  return { entries: fromBucket ? [...mediaFolderNames(dataDir), ...keys] : keys, objects }
}

/**
 * Unpacks `tarFile` into the empty folder `into`, after checking that every member lies under one of the expected
 * names: a changed archive cannot write elsewhere.
 */
export async function extractDataFiles(dataDir: string, tarFile: string, into: string): Promise<void> {
  const allowed = new Set(dataFileNames(dataDir))
  const { stdout } = await run('tar', ['--list', '--file', tarFile], { maxBuffer: 256 * 1024 * 1024 })
  for (const member of stdout.split('\n').filter(Boolean)) {
    const parts = member.replace(/^\.\//, '').split('/')
    if (member.startsWith('/') || parts.includes('..') || !allowed.has(parts[0]))
      throw new BackupError(`The backup's files archive holds an unexpected entry: ${member}`)
  }
  fs.mkdirSync(into, { recursive: true })
  await run('tar', ['--extract', '--file', tarFile, '--directory', into, '--no-same-owner'], { maxBuffer: 16 * 1024 * 1024 })
}
