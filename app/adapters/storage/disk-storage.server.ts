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

export async function saveMedia(dataDir: string, name: string, data: Buffer, area: MediaArea = 'public'): Promise<void> {
  checkName(name)
  const dir = uploadsDir(dataDir, area)
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, name), data)
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
