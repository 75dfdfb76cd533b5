import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Media on local disk. `uploads/` is public (served at the cdn_prefix); `uploads-private/` is only served through
 * a route that checks who is asking (photos a free member may only see blurred).
 */
export type MediaArea = 'public' | 'private'

export function uploadsDir(dataDir: string, area: MediaArea = 'public'): string {
  return path.resolve(dataDir, area === 'public' ? 'uploads' : 'uploads-private')
}

function checkName(name: string) {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name) || name.includes('..')) throw new Error('invalid media name')
}

/** Where files are written before they are renamed into their area: never served, emptied of leftovers at start. */
export function tempDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads-tmp')
}

/**
 * Writes a media file whole or not at all: first under a temporary name outside the served folders, then renamed
 * into place (atomic on one file system). A failed write removes its temporary file.
 */
export async function saveMedia(dataDir: string, name: string, data: Buffer, area: MediaArea = 'public'): Promise<void> {
  checkName(name)
  const dir = uploadsDir(dataDir, area)
  const tmp = path.join(tempDir(dataDir), `${name}.${crypto.randomBytes(6).toString('hex')}.part`)
  await fs.mkdir(dir, { recursive: true })
  await fs.mkdir(path.dirname(tmp), { recursive: true })
  try {
    await fs.writeFile(tmp, data, { flag: 'wx' })
    await fs.rename(tmp, path.join(dir, name))
  } catch (e) {
    await fs.rm(tmp, { force: true })
    throw e
  }
}

/** Writes several files of one upload: all of them, or (after a failure) none, and the error is thrown. */
export async function saveMediaSet(dataDir: string, files: { name: string; data: Buffer; area: MediaArea }[]): Promise<void> {
  const results = await Promise.allSettled(files.map((f) => saveMedia(dataDir, f.name, f.data, f.area)))
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (!failed) return
  await Promise.all(files.map((f) => deleteMedia(dataDir, f.name).catch(() => {})))
  throw failed.reason
}

/**
 * Temporary files left by a process that died mid-write (housekeeping). Only old ones: another process may be
 * writing the young ones right now. Returns how many were removed.
 */
export async function clearTempMedia(dataDir: string, olderThanMs = 3600_000, now = Date.now()): Promise<number> {
  const dir = tempDir(dataDir)
  const names = await fs.readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[]
    throw e
  })
  let removed = 0
  for (const name of names) {
    const file = path.join(dir, name)
    const stat = await fs.stat(file).catch(() => null)
    if (stat && now - stat.mtimeMs > olderThanMs) {
      await fs.rm(file, { force: true })
      removed++
    }
  }
  return removed
}

export async function moveMedia(dataDir: string, name: string, from: MediaArea, to: MediaArea): Promise<void> {
  checkName(name)
  if (from === to) return
  await fs.mkdir(uploadsDir(dataDir, to), { recursive: true })
  await fs.rename(path.join(uploadsDir(dataDir, from), name), path.join(uploadsDir(dataDir, to), name)).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e
  })
}

export async function deleteMedia(dataDir: string, name: string): Promise<void> {
  checkName(name)
  await Promise.all(
    (['public', 'private'] as const).map((area) =>
      fs.unlink(path.join(uploadsDir(dataDir, area), name)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e
      }),
    ),
  )
}

export function mediaPath(dataDir: string, name: string, area: MediaArea): string {
  checkName(name)
  return path.join(uploadsDir(dataDir, area), name)
}
