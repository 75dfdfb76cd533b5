import { env, type Env } from '#app/lib/env.server'
import { createDiskMediaStore } from './disk-storage.server'
import type { MediaStore } from './media-store'
import { createS3MediaStore } from './s3-storage.server'

export type { MediaArea, MediaObject, MediaStore } from './media-store'

/** The store a configuration names: the disk in DATA_DIR (default) or S3-compatible object storage. */
export function createMediaStore(
  e: Pick<Env, 'MEDIA_STORAGE' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>,
): MediaStore {
  if (e.MEDIA_STORAGE !== 's3') return createDiskMediaStore(e.DATA_DIR)
  if (!e.S3_BUCKET) throw new Error('S3_BUCKET is required when MEDIA_STORAGE=s3')
  return createS3MediaStore({
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
  })
}

// One store per configuration: tests that point DATA_DIR or S3_* elsewhere (and reset the env cache) get a new one.
const g = globalThis as unknown as { __mediaStore?: { key: string; store: MediaStore }; __mediaStoreOverride?: MediaStore }

/** The media store chosen by MEDIA_STORAGE; every caller goes through here. */
export function mediaStore(): MediaStore {
  if (g.__mediaStoreOverride) return g.__mediaStoreOverride
  const e = env()
  const key = JSON.stringify([e.MEDIA_STORAGE, e.DATA_DIR, e.S3_BUCKET, e.S3_REGION, e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_FORCE_PATH_STYLE])
  // The one before is not closed: a server started earlier in this process may still hold it.
  if (g.__mediaStore?.key !== key) g.__mediaStore = { key, store: createMediaStore(e) }
  return g.__mediaStore.store
}

/** Tests put a store of their own in place (undefined: back to the configured one). */
export function setMediaStore(store: MediaStore | undefined): void {
  g.__mediaStoreOverride = store
}
