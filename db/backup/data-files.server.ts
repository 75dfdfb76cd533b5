import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { uploadsDir } from '#app/adapters/storage/disk-storage.server'
import { BackupError } from './manifest'

const run = promisify(execFile)

/**
 * What of DATA_DIR besides the database a restored site needs: the media (public and private uploads) and the keys
 * generated there when not configured (the session secret, which keys the stored session hashes, and the Web Push
 * key pair every browser subscription is bound to).
 */
export function dataFileNames(dataDir: string): string[] {
  return [path.basename(uploadsDir(dataDir, 'public')), path.basename(uploadsDir(dataDir, 'private')), 'vapid.json', 'session-secret']
}

/** Archives those of the data files that exist into `tarFile` (uncompressed: photos are WebP already). */
export async function archiveDataFiles(dataDir: string, tarFile: string): Promise<string[]> {
  const entries = dataFileNames(dataDir).filter((n) => fs.existsSync(path.join(dataDir, n)))
  // An empty archive is still written, so that a restore makes DATA_DIR hold exactly nothing of these.
  const args = ['--create', '--file', tarFile, '--directory', dataDir, '--warning=no-file-changed', '--ignore-failed-read']
  try {
    await run('tar', [...args, ...(entries.length ? ['--', ...entries] : ['--files-from', '/dev/null'])], { maxBuffer: 16 * 1024 * 1024 })
  } catch (e) {
    // Status 1: a file changed or went away while read (a server running beside a PostgreSQL backup); the rest is whole.
    if ((e as { code?: unknown }).code !== 1) throw new BackupError(`tar failed: ${((e as { stderr?: string }).stderr ?? '').trim() || (e as Error).message}`)
  }
  fs.chmodSync(tarFile, 0o600)
  return entries
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
    if (member.startsWith('/') || parts.includes('..') || !allowed.has(parts[0])) throw new BackupError(`The backup's files archive holds an unexpected entry: ${member}`)
  }
  fs.mkdirSync(into, { recursive: true })
  await run('tar', ['--extract', '--file', tarFile, '--directory', into, '--no-same-owner'], { maxBuffer: 16 * 1024 * 1024 })
}
