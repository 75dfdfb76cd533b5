import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaStore } from '#app/adapters/storage/media-store'
import { createS3MediaStore } from '#app/adapters/storage/s3-storage.server'
import { loadOrCreateSecret } from '#app/lib/secrets.server'
import { migrate, migrationsFolder, openDatabase, setDatabase } from '#db/client.server'
import { createMember } from '../../tests/setup/factories'
import { startS3Server, type S3Server } from '../../tests/setup/s3-server'
import { createBackup, restoreBackup } from './backup.server'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-s3-test-'))
let s3: S3Server
let media: MediaStore

beforeAll(async () => {
  s3 = await startS3Server()
  media = createS3MediaStore({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  })
})
afterAll(async () => {
  await media?.close()
  await s3?.stop()
  fs.rmSync(tmp, { recursive: true, force: true })
})

const contents = async () => {
  const out: Record<string, string> = {}
  for (const area of ['public', 'private'] as const) for (const n of await media.list(area)) out[`${area}/${n}`] = (await media.read(n, area))!.toString()
  return out
}

describe('backup and restore with media in object storage', () => {
  it('archives every object of the bucket, and a restore makes the bucket hold exactly them, keeping what it replaced', async () => {
    const dataDir = path.join(tmp, 'data')
    const site = { dataDir, media }
    const handle = await openDatabase({ dataDir })
    await migrate(handle)
    setDatabase(handle)
    await createMember({ name: 'Bucket Anna' })
    await media.save('photo-a.webp', Buffer.from('public photo bytes'), 'public')
    await media.save('photo-a-full.webp', Buffer.from('private photo bytes'), 'private')
    loadOrCreateSecret(dataDir, 'session-secret', undefined)
    await handle.close()
    setDatabase(undefined)
    const arranged = await contents()

    const { dir, manifest } = await createBackup(site, path.join(tmp, 'backups'))
    expect(manifest.media).toEqual({ storage: 's3', objects: 2 })
    expect([...manifest.files.entries].sort()).toEqual(['session-secret', 'uploads', 'uploads-private'])
    // Nothing of the bucket was left on the disk on the way.
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('uploads'))).toEqual([])
    expect(fs.readdirSync(dir).sort()).toEqual(['database.tar.gz', 'files.tar', 'manifest.json'])

    // After the backup: an object deleted, one added, one put in the other area, one changed.
    await media.delete(['photo-a-full.webp'])
    await media.save('later.webp', Buffer.from('added later'), 'public')
    await media.save('photo-a.webp', Buffer.from('wrong area'), 'private')
    await media.save('photo-a.webp', Buffer.from('changed'), 'public')

    const restored = await restoreBackup(site, dir, { migrationsFolder })
    expect(await contents()).toEqual(arranged)
    expect(fs.readFileSync(path.join(restored.asideDir!, 'uploads', 'later.webp'), 'utf8')).toBe('added later')
    expect(fs.readFileSync(path.join(restored.asideDir!, 'uploads', 'photo-a.webp'), 'utf8')).toBe('changed')
    expect(fs.readFileSync(path.join(restored.asideDir!, 'uploads-private', 'photo-a.webp'), 'utf8')).toBe('wrong area')
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false)

    // The same backup restored into a site that keeps its media on disk: one shape for both stores.
    const onDisk = await restoreBackup({ dataDir }, dir, { migrationsFolder })
    expect(onDisk.manifest.media?.storage).toBe('s3')
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'photo-a.webp'), 'utf8')).toBe('public photo bytes')
    expect(fs.readFileSync(path.join(dataDir, 'uploads-private', 'photo-a-full.webp'), 'utf8')).toBe('private photo bytes')
  }, 240_000)
})
