import type { Readable } from 'node:stream'

/**
 * Where member photos live: one interface, two implementations chosen by MEDIA_STORAGE (index.server.ts): the local
 * disk (disk-storage.server.ts, the default) and S3-compatible object storage (s3-storage.server.ts). Both keep two
 * areas: `public` is served to anyone at /media/<name> (the main photo's small variants and blurred copies);
 * `private` only through a route that checks who is asking (app/routes/photo.ts, chats-id-photo.ts, admin/media.ts).
 * The contract both keep is media-store.contract.test.ts.
 */
export type MediaArea = 'public' | 'private'
export const MEDIA_AREAS: readonly MediaArea[] = ['public', 'private']

export interface MediaFile {
  name: string
  data: Buffer
  area: MediaArea
}

/** An object opened for serving: its bytes as a stream, and what the response headers need. */
export interface MediaObject {
  body: Readable
  size: number
  contentType: string
  /** A strong validator for conditional requests (quoted, as in an ETag header). */
  etag: string
  lastModified: Date
}

export interface MediaStore {
  readonly kind: 'disk' | 's3'
  /** Writes one file whole or not at all (never half-written where it is served). */
  save(name: string, data: Buffer, area: MediaArea): Promise<void>
  /** Writes the files of one upload: all of them, or (after a failure) none, and the error is thrown. */
  saveSet(files: MediaFile[]): Promise<void>
  /**
   * Opens a file for serving; null when it is not in that area. Given the client's If-None-Match, answers
   * 'not-modified' when it still holds (without reading the bytes where the store can tell cheaply).
   */
  open(name: string, area: MediaArea, opts?: { ifNoneMatch?: string }): Promise<MediaObject | 'not-modified' | null>
  /** The whole file, or null when it is not in that area (backups, tests). */
  read(name: string, area: MediaArea): Promise<Buffer | null>
  /** Moves a file between the areas; a file that is not in `from` is left alone (already moved, or deleted). */
  move(name: string, from: MediaArea, to: MediaArea): Promise<void>
  /** Removes the files from both areas; missing ones are no error. */
  delete(names: readonly string[]): Promise<void>
  /** The names in an area, optionally only those starting with `prefix` (erasure checks, backups). */
  list(area: MediaArea, prefix?: string): Promise<string[]>
  /**
   * Removes what a process that died mid-write left (housekeeping); only what is older than `olderThanMs`, as
   * another process may be writing right now. Returns how many were removed.
   */
  clearLeftovers(olderThanMs?: number, now?: number): Promise<number>
  /**
   * Checked at start: a MediaStoreConfigError naming the setting to fix when the store cannot be used as
   * configured (no such bucket, keys refused); another error when it cannot be reached right now.
   */
  check(): Promise<void>
  close(): Promise<void>
}

export class MediaStoreConfigError extends Error {}

/** A media name: one path segment of letters, digits and `._-`, never `..`: nothing outside its area is reachable. */
export function isMediaName(name: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*$/i.test(name) && !name.includes('..') && name.length <= 200
}

export function checkMediaName(name: string): void {
  if (!isMediaName(name)) throw new Error('invalid media name')
}

/** Every photo the site stores is WebP; anything else is served as opaque bytes, never sniffed as a page. */
export function mediaContentType(name: string): string {
  return name.endsWith('.webp') ? 'image/webp' : 'application/octet-stream'
}

/** Whether an If-None-Match header names the given ETag (weak or strong, or *). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (t: string) => t.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag))
}

/** The names a member's files start with (photos `<profileId>-…`, chat photos `chat-<profileId>-…`, demo `p<id>-…`). */
export function memberMediaPrefixes(profileId: number): string[] {
  return [`${profileId}-`, `chat-${profileId}-`, `p${profileId}-`]
}
