import fs from 'node:fs'
import path from 'node:path'
import { uploadsDir } from '#app/adapters/storage/disk-storage.server'
import { isMediaName, MEDIA_AREAS, type MediaArea, type MediaStore } from '#app/adapters/storage/media-store'
import { BackupError } from './manifest'

/**
 * Media in object storage (MEDIA_STORAGE=s3) in a backup: the objects are copied into the same two folders a disk
 * site keeps (`uploads/`, `uploads-private/`), so that a backup has one shape whatever the store, and a backup of a
 * disk site can be restored into a bucket (the way to move a site's photos to object storage).
 */
const folderOf = (area: MediaArea) => path.basename(uploadsDir('.', area))
const PARALLEL = 8

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(work))
}

/** Downloads every object of both areas into `into/uploads/` and `into/uploads-private/`; returns how many. */
export async function downloadMedia(store: MediaStore, into: string): Promise<number> {
  let count = 0
  for (const area of MEDIA_AREAS) {
    const dir = path.join(into, folderOf(area))
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    await inBatches(await store.list(area), async (name) => {
      if (!isMediaName(name)) throw new BackupError(`The bucket holds an object this site did not write: ${area}/${name}`)
      const data = await store.read(name, area)
      // Deleted since it was listed (a member removed a photo): nothing to keep.
      if (!data) return
      fs.writeFileSync(path.join(dir, name), data, { mode: 0o600 })
      count++
    })
  }
  return count
}

/**
 * Makes the bucket hold exactly the media of the unpacked backup in `from`: every object there now is first
 * downloaded to `aside`, those the backup lacks (in that area) are removed, then the backup's files are uploaded.
 * The servers are stopped during a restore: nobody sees the moment between.
 */
export async function replaceMedia(store: MediaStore, from: string, aside: string): Promise<void> {
  const wanted = new Map(
    MEDIA_AREAS.map((area) => {
      const folder = path.join(from, folderOf(area))
      return [area, new Set(fs.existsSync(folder) ? fs.readdirSync(folder).filter(isMediaName) : [])] as const
    }),
  )
  const stale: string[] = []
  for (const area of MEDIA_AREAS) {
    const dir = path.join(aside, folderOf(area))
    await inBatches(await store.list(area), async (name) => {
      const data = await store.read(name, area)
      if (!data) return
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
      fs.writeFileSync(path.join(dir, name), data, { mode: 0o600 })
      if (!wanted.get(area)!.has(name)) stale.push(name)
    })
  }
  // delete() takes a name out of both areas; what the backup has in the other area is uploaded again just below.
  await store.delete(stale)
  for (const area of MEDIA_AREAS) {
    const folder = path.join(from, folderOf(area))
    await inBatches([...wanted.get(area)!], (name) => store.save(name, fs.readFileSync(path.join(folder, name)), area))
  }
}
