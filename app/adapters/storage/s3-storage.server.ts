import type { Readable } from 'node:stream'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import {
  checkMediaName,
  isMediaName,
  MEDIA_AREAS,
  mediaContentType,
  MediaStoreConfigError,
  type MediaArea,
  type MediaFile,
  type MediaStore,
} from './media-store'

export interface S3MediaConfig {
  bucket: string
  region: string
  /** MinIO, Ceph, R2 and the like; unset: AWS. */
  endpoint?: string
  forcePathStyle?: boolean
  /** Unset: the SDK's own chain (instance role, AWS_* variables, ~/.aws). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
}

/** The object key of a name: `public/<name>` or `private/<name>`, one bucket for both areas. */
export function mediaKey(name: string, area: MediaArea): string {
  checkMediaName(name)
  return `${area}/${name}`
}

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
const isMissing = (e: unknown) => (e as { name?: string }).name === 'NoSuchKey' || (e as { name?: string }).name === 'NotFound' || statusOf(e) === 404

/** The client for a config. */
function s3Client(config: S3MediaConfig) {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    credentials: config.credentials,
    // Checksums only where the API requires them: the newer default (a CRC32 header or trailer on every upload)
    // is refused by several S3-compatible servers, and a PutObject of a whole buffer is checked by its length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

async function deleteObjects(client: S3Client, Bucket: string, keys: string[]) {
  // DeleteObjects takes at most 1000 keys per call.
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000)
    const out = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }))
    const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey')
    if (failed.length) throw new Error(`S3 refused to delete ${failed.length} object(s): ${failed[0].Code ?? 'unknown error'}`)
  }
}

/** The names in an area that start with a prefix, sorted. */
async function listNames(client: S3Client, Bucket: string, area: MediaArea, prefix: string) {
  const names: string[] = []
  let token: string | undefined
  do {
    const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${area}/${prefix}`, ContinuationToken: token }))
    for (const o of out.Contents ?? []) if (o.Key) names.push(o.Key.slice(area.length + 1))
    token = out.IsTruncated ? out.NextContinuationToken : undefined
  } while (token)
  return names.sort()
}

/** Whether the bucket exists and the credentials may use it, with the setting to fix when not. */
async function checkBucket(client: S3Client, config: S3MediaConfig) {
  const Bucket = config.bucket
  try {
    await client.send(new HeadBucketCommand({ Bucket }))
  } catch (e) {
    const status = statusOf(e)
    const where = config.endpoint ? ` at ${config.endpoint}` : ''
    if (status === 404) throw new MediaStoreConfigError(`S3_BUCKET: the bucket "${Bucket}" does not exist${where}: create it (private, no public access) first`)
    if (status === 403 || status === 401)
      throw new MediaStoreConfigError(`S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: access to the bucket "${Bucket}"${where} was refused`)
    throw new Error(`S3_ENDPOINT: the bucket "${Bucket}"${where} cannot be reached: ${(e as Error).message}`)
  }
}

/**
 * Media in S3-compatible object storage (MEDIA_STORAGE=s3), shared by every machine of the site. Objects are
 * written without an ACL, so they are as private as the bucket (which must not be public): the public area is
 * served through the app at /media (server/media-handler.server.ts), the private one only by the routes that
 * check the viewer. Nothing is created at run time but the objects themselves: the operator creates the bucket.
 */
export function createS3MediaStore(config: S3MediaConfig): MediaStore {
  const client = s3Client(config)
  const Bucket = config.bucket

  async function save(name: string, data: Buffer, area: MediaArea) {
    // One PutObject is all-or-nothing: an object appears whole or not at all.
    await client.send(new PutObjectCommand({ Bucket, Key: mediaKey(name, area), Body: data, ContentLength: data.length, ContentType: mediaContentType(name) }))
  }

  const deleteKeys = (keys: string[]) => deleteObjects(client, Bucket, keys)

  const remove = async (names: readonly string[]) => deleteKeys(names.flatMap((n) => MEDIA_AREAS.map((area) => mediaKey(n, area))))

  return {
    kind: 's3',
    save,

    async saveSet(files: MediaFile[]) {
      const results = await Promise.allSettled(files.map((f) => save(f.name, f.data, f.area)))
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (!failed) return
      // Only names that could have been written: a refused name must not keep the others from going.
      await remove(files.map((f) => f.name).filter(isMediaName)).catch(() => {})
      throw failed.reason
    },

    async open(name, area, opts = {}) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: mediaKey(name, area), IfNoneMatch: opts.ifNoneMatch }))
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? mediaContentType(name),
          etag: out.ETag ?? '""',
          lastModified: out.LastModified ?? new Date(0),
        }
      } catch (e) {
        if (statusOf(e) === 304) return 'not-modified'
        if (isMissing(e)) return null
        throw e
      }
    },

    async read(name, area) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: mediaKey(name, area) }))
        return Buffer.from(await out.Body!.transformToByteArray())
      } catch (e) {
        if (isMissing(e)) return null
        throw e
      }
    },

    async move(name, from, to) {
      if (from === to) return checkMediaName(name)
      // (A media name needs no URL encoding in CopySource: its letters are [A-Za-z0-9._-].)
      // S3 has no rename: a copy, then the original goes. Between the two the object is in both areas for a moment;
      // after a failed delete the photo's own deletion still removes both keys.
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: mediaKey(name, to), CopySource: `${Bucket}/${mediaKey(name, from)}` }))
      } catch (e) {
        if (isMissing(e)) return
        throw e
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: mediaKey(name, from) }))
    },

    delete: remove,

    list: (area, prefix = '') => listNames(client, Bucket, area, prefix),

    // Nothing to clear: objects are written by single PutObject calls, never in parts or under temporary keys.
    async clearLeftovers() {
      return 0
    },

    check: () => checkBucket(client, config),

    async close() {
      client.destroy()
    },
  }
}
