import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { checkMediaName, etagMatches, MEDIA_AREAS, mediaContentType, type MediaArea, type MediaFile, type MediaStore } from './media-store'

export type { MediaArea } from './media-store'

/**
 * Media on local disk (MEDIA_STORAGE=disk, the default). `uploads/` is public (served at the cdn_prefix);
 * `uploads-private/` is only served through a route that checks who is asking (photos a free member may only see
 * blurred).
 */
export function uploadsDir(dataDir: string, area: MediaArea = 'public'): string {
  return path.resolve(dataDir, area === 'public' ? 'uploads' : 'uploads-private')
}

/** Where files are written before they are renamed into their area: never served, emptied of leftovers at start. */
export function tempDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads-tmp')
}

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Writes a media file whole or not at all: first under a temporary name outside the served folders, then renamed
 * into place (atomic on one file system). A failed write removes its temporary file.
 */
async function saveMedia(dataDir: string, name: string, data: Buffer, area: MediaArea): Promise<void> {
  checkMediaName(name)
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

async function deleteMedia(dataDir: string, name: string): Promise<void> {
  checkMediaName(name)
  await Promise.all(
    MEDIA_AREAS.map((area) =>
      fs.unlink(path.join(uploadsDir(dataDir, area), name)).catch((e: unknown) => {
        if (!missing(e)) throw e
      }),
    ),
  )
}

/** The file of a name in an area on disk (tests that look at the disk itself). */
export function mediaPath(dataDir: string, name: string, area: MediaArea): string {
  checkMediaName(name)
  return path.join(uploadsDir(dataDir, area), name)
}

export function createDiskMediaStore(dataDir: string): MediaStore {
  return {
    kind: 'disk',
    save: (name, data, area) => saveMedia(dataDir, name, data, area),

    async saveSet(files: MediaFile[]) {
      const results = await Promise.allSettled(files.map((f) => saveMedia(dataDir, f.name, f.data, f.area)))
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (!failed) return
      await Promise.all(files.map((f) => deleteMedia(dataDir, f.name).catch(() => {})))
      throw failed.reason
    },

    async open(name, area, opts = {}) {
      const file = mediaPath(dataDir, name, area)
      // Opened first, then measured: a file renamed away in between cannot answer with another's size.
      const handle = await fs.open(file, 'r').catch((e: unknown) => {
        if (missing(e)) return null
        throw e
      })
      if (!handle) return null
      try {
        const stat = await handle.stat()
        if (!stat.isFile()) {
          await handle.close()
          return null
        }
        const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`
        if (etagMatches(opts.ifNoneMatch, etag)) {
          await handle.close()
          return 'not-modified'
        }
        return { body: handle.createReadStream(), size: stat.size, contentType: mediaContentType(name), etag, lastModified: stat.mtime }
      } catch (e) {
        await handle.close()
        throw e
      }
    },

    async read(name, area) {
      return fs.readFile(mediaPath(dataDir, name, area)).catch((e: unknown) => {
        if (missing(e)) return null
        throw e
      })
    },

    async move(name, from, to) {
      checkMediaName(name)
      if (from === to) return
      await fs.mkdir(uploadsDir(dataDir, to), { recursive: true })
      await fs.rename(path.join(uploadsDir(dataDir, from), name), path.join(uploadsDir(dataDir, to), name)).catch((e: unknown) => {
        if (!missing(e)) throw e
      })
    },

    async delete(names) {
      await Promise.all(names.map((n) => deleteMedia(dataDir, n)))
    },

    async list(area, prefix = '') {
      const names = await fs.readdir(uploadsDir(dataDir, area)).catch((e: unknown) => {
        if (missing(e)) return [] as string[]
        throw e
      })
      return names.filter((n) => n.startsWith(prefix)).sort()
    },

    /** Temporary files left by a process that died mid-write. Only old ones: another may be writing the young ones. */
    async clearLeftovers(olderThanMs = 3600_000, now = Date.now()) {
      const dir = tempDir(dataDir)
      const names = await fs.readdir(dir).catch((e: unknown) => {
        if (missing(e)) return [] as string[]
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
    },

    async check() {
      await fs.mkdir(dataDir, { recursive: true })
    },

    async close() {},
  }
}
