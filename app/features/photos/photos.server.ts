import crypto from 'node:crypto'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { mediaStore } from '#app/adapters/storage/index.server'
import { db } from '#db/client.server'
import { profileImages, profiles } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import type { OwnPhoto } from './photo-types'
import { processImage } from './process-image.server'

export type { OwnPhoto }

export type UploadResult = { ok: true; photo: OwnPhoto } | { ok: false; error: 'limit_reached'; limit: number }

const variants = ['filename', 'thumbFilename', 'matchFilename'] as const

/** Photos a member may hold: free 3, Premium 25 (spec section 5). */
export async function photoLimit(paidUser: boolean): Promise<number> {
  const s = await getSettings()
  return paidUser ? s.max_photos_premium : s.max_photos_free
}

async function mainImageId(profileId: number): Promise<number | null> {
  const [row] = await db().select({ main: profiles.mainImageId }).from(profiles).where(eq(profiles.id, profileId))
  return row?.main ?? null
}

/** The member's own photos, main first. Their own full-size files come through the photo route. */
export async function listOwnPhotos(profileId: number): Promise<OwnPhoto[]> {
  const main = await mainImageId(profileId)
  const rows = await db()
    .select({ id: profileImages.id, status: profileImages.status })
    .from(profileImages)
    .where(and(eq(profileImages.profileId, profileId), ne(profileImages.status, 'rejected')))
    .orderBy(asc(profileImages.position), asc(profileImages.id))
  return rows
    .map((r) => ({ id: r.id, status: r.status, isMain: r.id === main, thumbUrl: `/photo/${r.id}/thumb` }))
    .sort((a, b) => Number(b.isMain) - Number(a.isMain))
}

/**
 * Stores an upload: re-encoded variants in the media store, a row whose status depends on the setting photo_moderation, and
 * the first active photo becomes the main image. Files of non-main photos stay private except the blurred one.
 */
export async function uploadPhoto(viewer: { profileId: number; paidUser: boolean }, data: Buffer): Promise<UploadResult> {
  const limit = await photoLimit(viewer.paidUser)
  const [count] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(profileImages)
    .where(and(eq(profileImages.profileId, viewer.profileId), ne(profileImages.status, 'rejected')))
  if (Number(count?.n ?? 0) >= limit) return { ok: false, error: 'limit_reached', limit }

  const img = await processImage(data)
  const settings = await getSettings()
  const status = settings.photo_moderation ? ('pending' as const) : ('active' as const)
  const base = `${viewer.profileId}-${crypto.randomUUID()}`
  const names = { filename: `${base}.webp`, thumbFilename: `${base}-t.webp`, matchFilename: `${base}-m.webp`, blurredFilename: `${base}-b.webp` }
  const store = mediaStore()
  // All four files or none (saveSet); and none when the row cannot be stored: nothing of a failed upload stays.
  await store.saveSet([
    { name: names.filename, data: img.full, area: 'private' },
    { name: names.thumbFilename, data: img.thumb, area: 'private' },
    { name: names.matchFilename, data: img.match, area: 'private' },
    { name: names.blurredFilename, data: img.blurred, area: 'public' },
  ])
  let row: { id: number }
  try {
    ;[row] = await db()
      .insert(profileImages)
      .values({ profileId: viewer.profileId, ...names, status, position: Number(count?.n ?? 0) })
      .returning({ id: profileImages.id })
  } catch (e) {
    await store.delete(Object.values(names)).catch(() => {})
    throw e
  }
  if (status === 'active' && (await mainImageId(viewer.profileId)) === null) await setMainPhoto(viewer.profileId, row.id)
  const main = await mainImageId(viewer.profileId)
  return { ok: true, photo: { id: row.id, status, isMain: main === row.id, thumbUrl: `/photo/${row.id}/thumb` } }
}

/** Makes an active photo of the member's own the main image; its files become public, the old main's private. */
export async function setMainPhoto(profileId: number, imageId: number): Promise<boolean> {
  const [image] = await db()
    .select()
    .from(profileImages)
    .where(and(eq(profileImages.id, imageId), eq(profileImages.profileId, profileId)))
  if (!image || image.status !== 'active') return false
  const previous = await mainImageId(profileId)
  if (previous === imageId) return true
  const store = mediaStore()
  if (previous) {
    const [old] = await db().select().from(profileImages).where(eq(profileImages.id, previous))
    if (old) for (const v of variants) await store.move(old[v], 'public', 'private')
  }
  for (const v of variants) await store.move(image[v], 'private', 'public')
  await db().update(profiles).set({ mainImageId: imageId }).where(eq(profiles.id, profileId))
  return true
}

/** Deletes one of the member's photos and its files; a deleted main image hands over to the next active photo. */
export async function deletePhoto(profileId: number, imageId: number): Promise<boolean> {
  const [img] = await db()
    .select()
    .from(profileImages)
    .where(and(eq(profileImages.id, imageId), eq(profileImages.profileId, profileId)))
  if (!img) return false
  const wasMain = (await mainImageId(profileId)) === imageId
  await db().transaction(async (tx) => {
    if (wasMain) await tx.update(profiles).set({ mainImageId: null }).where(eq(profiles.id, profileId))
    await tx.delete(profileImages).where(eq(profileImages.id, imageId))
  })
  await mediaStore().delete([img.filename, img.thumbFilename, img.matchFilename, img.blurredFilename])
  if (wasMain) {
    const [next] = await db()
      .select({ id: profileImages.id })
      .from(profileImages)
      .where(and(eq(profileImages.profileId, profileId), eq(profileImages.status, 'active')))
      .orderBy(asc(profileImages.position), asc(profileImages.id))
      .limit(1)
    if (next) await setMainPhoto(profileId, next.id)
  }
  return true
}

/**
 * After moderation changed a photo's status (rejected, hidden, restored): the main image must be an active photo.
 * A main image no longer active loses its public files and hands over to the next active photo; a profile without
 * a main image takes its first active one. File moves happen here, after the status change was committed.
 */
export async function settleMainPhoto(profileId: number): Promise<void> {
  const main = await mainImageId(profileId)
  if (main !== null) {
    const [img] = await db().select().from(profileImages).where(eq(profileImages.id, main))
    if (img?.status === 'active') return
    await db().update(profiles).set({ mainImageId: null }).where(eq(profiles.id, profileId))
    if (img) for (const v of variants) await mediaStore().move(img[v], 'public', 'private')
  }
  const [next] = await db()
    .select({ id: profileImages.id })
    .from(profileImages)
    .where(and(eq(profileImages.profileId, profileId), eq(profileImages.status, 'active')))
    .orderBy(asc(profileImages.position), asc(profileImages.id))
    .limit(1)
  if (next) await setMainPhoto(profileId, next.id)
}
