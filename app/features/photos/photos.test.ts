import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { pixelFloodPng } from '../../../tests/setup/upload-fixtures'
import { mediaPath } from '#app/adapters/storage/disk-storage.server'
import { blockMember } from '#app/features/safety/block.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { db } from '#db/client.server'
import { profileImages, profiles, users } from '#db/schema/index'
import { photoFileFor } from './photo-access.server'
import { deletePhoto, listOwnPhotos, setMainPhoto, uploadPhoto } from './photos.server'
import { ImageRejectedError, MAX_UPLOAD_BYTES, processImage, type ImageRejection } from './process-image.server'

useTestDatabase()

const dataDir = () => process.env.DATA_DIR!

async function jpeg(width = 400, height = 300, color = '#c33'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
}

/** A JPEG that carries EXIF with a camera make and a GPS position. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#36c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Model X', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 34/1' },
    })
    .toBuffer()
}

async function rejection(p: Promise<unknown>): Promise<ImageRejection | 'accepted'> {
  try {
    await p
    return 'accepted'
  } catch (e) {
    if (e instanceof ImageRejectedError) return e.code
    throw e
  }
}

describe('processImage', () => {
  it('re-encodes to WebP without any metadata (EXIF GPS is gone)', async () => {
    const input = await jpegWithGps()
    const before = await sharp(input).metadata()
    expect(before.exif).toBeDefined()
    expect(before.exif!.toString('latin1')).toContain('SpyCam')

    const out = await processImage(input)
    for (const [variant, buf] of Object.entries(out)) {
      const meta = await sharp(buf).metadata()
      expect(meta.format, variant).toBe('webp')
      expect(meta.exif, variant).toBeUndefined()
      expect(meta.xmp, variant).toBeUndefined()
      expect(meta.icc, variant).toBeUndefined()
      expect(buf.toString('latin1'), variant).not.toContain('SpyCam')
      expect(buf.toString('latin1'), variant).not.toContain('GPS')
    }
    expect(await sharp(out.thumb).metadata()).toMatchObject({ width: 160, height: 160 })
    expect(await sharp(out.match).metadata()).toMatchObject({ width: 400, height: 400 })
    expect(await sharp(out.blurred).metadata()).toMatchObject({ width: 300, height: 300 })
    // Not enlarged, aspect kept.
    expect(await sharp(out.full).metadata()).toMatchObject({ width: 400, height: 300 })
  })

  it('shrinks large pictures to at most 1600 pixels', async () => {
    const out = await processImage(await jpeg(3200, 1000))
    expect(await sharp(out.full).metadata()).toMatchObject({ width: 1600, height: 500 })
  })

  it('accepts PNG and WebP input', async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: '#0f0a' } })
      .png()
      .toBuffer()
    const webp = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer()
    expect(await rejection(processImage(png))).toBe('accepted')
    expect(await rejection(processImage(webp))).toBe('accepted')
  })

  it('rejects what is not an image', async () => {
    expect(await rejection(processImage(Buffer.from('hello, this is not a picture')))).toBe('not_image')
    expect(await rejection(processImage(Buffer.alloc(0)))).toBe('empty')
    // SVG is a document format (scripts, external references), not a photo.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300"/></svg>')
    expect(await rejection(processImage(svg))).toBe('not_image')
    // A JPEG cut off after its header is damaged (it is a JPEG, but not a whole one).
    const full = await jpeg()
    expect(await rejection(processImage(full.subarray(0, 200)))).toBe('damaged')
  })

  it('rejects too small pictures', async () => {
    expect(await rejection(processImage(await jpeg(80, 80)))).toBe('too_small')
    expect(await rejection(processImage(await jpeg(400, 99)))).toBe('too_small')
    expect(await rejection(processImage(await jpeg(100, 100)))).toBe('accepted')
  })

  it('rejects oversized files before looking at them', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(MAX_UPLOAD_BYTES)])
    expect(await rejection(processImage(big))).toBe('too_large')
  })

  it('rejects a pixel flood with its own reason, without decoding it', async () => {
    const bomb = pixelFloodPng(20_000, 20_000)
    expect(bomb.length).toBeLessThan(2000)
    const started = Date.now()
    expect(await rejection(processImage(bomb))).toBe('too_many_pixels')
    expect(Date.now() - started).toBeLessThan(2000)
    expect(await rejection(processImage(pixelFloodPng(10_000, 6_000)))).toBe('too_many_pixels')
  })
})

async function member(opts: { paid?: boolean } = {}) {
  const m = await createMember()
  if (opts.paid) await db().update(users).set({ paidUser: true }).where(eq(users.id, m.userId))
  return { ...m, viewer: { profileId: m.profileId, paidUser: !!opts.paid } }
}

async function mainOf(profileId: number) {
  const [p] = await db().select({ main: profiles.mainImageId }).from(profiles).where(eq(profiles.id, profileId))
  return p.main
}

async function imageRow(id: number) {
  const [img] = await db().select().from(profileImages).where(eq(profileImages.id, id))
  return img
}

async function upload(viewer: { profileId: number; paidUser: boolean }, color = '#c33') {
  const r = await uploadPhoto(viewer, await jpeg(300, 300, color))
  if (!r.ok) throw new Error(`upload failed: ${r.error}`)
  return r.photo
}

const inArea = (name: string, area: 'public' | 'private') => fs.existsSync(mediaPath(dataDir(), name, area))

/** Where each file of a photo is on disk. */
async function areasOf(imageId: number) {
  const img = await imageRow(imageId)
  const where = (n: string) => (inArea(n, 'public') ? 'public' : inArea(n, 'private') ? 'private' : 'missing')
  return { full: where(img.filename), thumb: where(img.thumbFilename), match: where(img.matchFilename), blurred: where(img.blurredFilename) }
}

describe('uploadPhoto', () => {
  it('limits free members to 3 photos', async () => {
    const m = await member()
    for (let i = 0; i < 3; i++) await upload(m.viewer)
    expect(await uploadPhoto(m.viewer, await jpeg())).toEqual({ ok: false, error: 'limit_reached', limit: 3 })
    expect(await listOwnPhotos(m.profileId)).toHaveLength(3)
    // Rejected photos do not count.
    const [first] = await listOwnPhotos(m.profileId)
    await db().update(profileImages).set({ status: 'rejected' }).where(eq(profileImages.id, first.id))
    expect((await uploadPhoto(m.viewer, await jpeg())).ok).toBe(true)
  })

  it('limits Premium members to 25 photos', async () => {
    const m = await member({ paid: true })
    await db()
      .insert(profileImages)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          profileId: m.profileId,
          filename: `x${i}.webp`,
          thumbFilename: `x${i}-t.webp`,
          matchFilename: `x${i}-m.webp`,
          blurredFilename: `x${i}-b.webp`,
          status: 'active' as const,
        })),
      )
    expect((await uploadPhoto(m.viewer, await jpeg())).ok).toBe(true)
    expect(await uploadPhoto(m.viewer, await jpeg())).toEqual({ ok: false, error: 'limit_reached', limit: 25 })
    // The same member as a free member would be over the limit at once.
    expect(await uploadPhoto({ ...m.viewer, paidUser: false }, await jpeg())).toEqual({ ok: false, error: 'limit_reached', limit: 3 })
  })

  it('makes the first active photo the main one, public; later photos stay private except the blurred copy', async () => {
    const m = await member()
    const first = await upload(m.viewer)
    expect(first).toMatchObject({ status: 'active', isMain: true })
    expect(await mainOf(m.profileId)).toBe(first.id)
    expect(await areasOf(first.id)).toEqual({ full: 'public', thumb: 'public', match: 'public', blurred: 'public' })

    const second = await upload(m.viewer)
    expect(second).toMatchObject({ status: 'active', isMain: false })
    expect(await mainOf(m.profileId)).toBe(first.id)
    expect(await areasOf(second.id)).toEqual({ full: 'private', thumb: 'private', match: 'private', blurred: 'public' })
    expect((await listOwnPhotos(m.profileId)).map((p) => [p.id, p.isMain])).toEqual([
      [first.id, true],
      [second.id, false],
    ])
  })

  it('refuses a non-image without storing anything', async () => {
    const m = await member()
    await expect(uploadPhoto(m.viewer, Buffer.from('no picture'))).rejects.toBeInstanceOf(ImageRejectedError)
    await expect(uploadPhoto(m.viewer, pixelFloodPng(20_000, 20_000))).rejects.toBeInstanceOf(ImageRejectedError)
    expect(await listOwnPhotos(m.profileId)).toEqual([])
  })

  it('with photo_moderation, uploads wait as pending and never become the main image', async () => {
    await updateSetting('photo_moderation', true)
    const m = await member()
    const p = await upload(m.viewer)
    expect(p).toMatchObject({ status: 'pending', isMain: false })
    expect(await mainOf(m.profileId)).toBeNull()
    expect(await areasOf(p.id)).toMatchObject({ full: 'private', thumb: 'private', match: 'private' })
    expect(await setMainPhoto(m.profileId, p.id)).toBe(false)
    expect(await mainOf(m.profileId)).toBeNull()
  })
})

describe('setMainPhoto and deletePhoto', () => {
  it('swaps the main image and the public files', async () => {
    const m = await member()
    const first = await upload(m.viewer)
    const second = await upload(m.viewer)
    expect(await setMainPhoto(m.profileId, second.id)).toBe(true)
    expect(await mainOf(m.profileId)).toBe(second.id)
    expect(await areasOf(second.id)).toEqual({ full: 'public', thumb: 'public', match: 'public', blurred: 'public' })
    expect(await areasOf(first.id)).toEqual({ full: 'private', thumb: 'private', match: 'private', blurred: 'public' })
    // Someone else's photo cannot become the main image.
    const other = await member()
    expect(await setMainPhoto(other.profileId, first.id)).toBe(false)
    expect(await mainOf(other.profileId)).toBeNull()
  })

  it('deletes the files and hands the main image to the next photo', async () => {
    const m = await member()
    const first = await upload(m.viewer)
    const second = await upload(m.viewer)
    const third = await upload(m.viewer)
    const img = await imageRow(first.id)
    expect(await deletePhoto(m.profileId, first.id)).toBe(true)
    for (const n of [img.filename, img.thumbFilename, img.matchFilename, img.blurredFilename]) {
      expect(inArea(n, 'public') || inArea(n, 'private'), n).toBe(false)
    }
    expect(await imageRow(first.id)).toBeUndefined()
    expect(await mainOf(m.profileId)).toBe(second.id)
    expect(await areasOf(second.id)).toEqual({ full: 'public', thumb: 'public', match: 'public', blurred: 'public' })
    expect(await areasOf(third.id)).toMatchObject({ full: 'private' })

    // Deleting a non-main photo leaves the main one alone; a stranger cannot delete.
    const other = await member()
    expect(await deletePhoto(other.profileId, third.id)).toBe(false)
    expect(await imageRow(third.id)).toBeDefined()
    expect(await deletePhoto(m.profileId, third.id)).toBe(true)
    expect(await mainOf(m.profileId)).toBe(second.id)
    expect(await deletePhoto(m.profileId, second.id)).toBe(true)
    expect(await mainOf(m.profileId)).toBeNull()
  })
})

describe('photoFileFor', () => {
  async function setup() {
    const owner = await member()
    const main = await upload(owner.viewer, '#111')
    const other = await upload(owner.viewer, '#222')
    await updateSetting('photo_moderation', true)
    const pending = await upload(owner.viewer, '#333')
    await updateSetting('photo_moderation', false)
    const [mainImg, otherImg, pendingImg] = await Promise.all([imageRow(main.id), imageRow(other.id), imageRow(pending.id)])
    return { owner, mainImg, otherImg, pendingImg }
  }

  /** The file exists in the area photoFileFor names, so the photo route can serve it. */
  function served(f: { name: string; area: 'public' | 'private' } | null) {
    expect(f).not.toBeNull()
    expect(inArea(f!.name, f!.area), `${f!.name} in ${f!.area}`).toBe(true)
  }

  it('gives the owner the real files of all their photos, pending ones included', async () => {
    const { owner, mainImg, otherImg, pendingImg } = await setup()
    const v = owner.viewer
    const full = await photoFileFor(v, mainImg.id, 'full')
    expect(full).toEqual({ name: mainImg.filename, area: 'public', blurred: false })
    served(full)
    const other = await photoFileFor(v, otherImg.id, 'full')
    expect(other).toEqual({ name: otherImg.filename, area: 'private', blurred: false })
    served(other)
    expect(await photoFileFor(v, otherImg.id, 'thumb')).toEqual({ name: otherImg.thumbFilename, area: 'private', blurred: false })
    expect(await photoFileFor(v, pendingImg.id, 'full')).toEqual({ name: pendingImg.filename, area: 'private', blurred: false })
  })

  it('gives Premium members the real files', async () => {
    const { mainImg, otherImg } = await setup()
    const premium = await member({ paid: true })
    const main = await photoFileFor(premium.viewer, mainImg.id, 'full')
    expect(main).toEqual({ name: mainImg.filename, area: 'public', blurred: false })
    served(main)
    const other = await photoFileFor(premium.viewer, otherImg.id, 'match')
    expect(other).toEqual({ name: otherImg.matchFilename, area: 'private', blurred: false })
    served(other)
  })

  it('gives free members and visitors the blurred copy of photos beyond the main one', async () => {
    const { mainImg, otherImg } = await setup()
    const free = await member()
    for (const viewer of [free.viewer, null]) {
      const main = await photoFileFor(viewer, mainImg.id, 'full')
      expect(main).toEqual({ name: mainImg.filename, area: 'public', blurred: false })
      served(main)
      for (const variant of ['full', 'thumb', 'match'] as const) {
        const f = await photoFileFor(viewer, otherImg.id, variant)
        expect(f).toEqual({ name: otherImg.blurredFilename, area: 'public', blurred: true })
        served(f)
      }
    }
  })

  it('gives nothing to a blocked viewer, and nobody but the owner a pending photo or an unknown id', async () => {
    const { owner, mainImg, otherImg, pendingImg } = await setup()
    const blocked = await member({ paid: true })
    await blockMember(owner.profileId, blocked.profileId)
    expect(await photoFileFor(blocked.viewer, mainImg.id, 'full')).toBeNull()
    expect(await photoFileFor(blocked.viewer, otherImg.id, 'thumb')).toBeNull()
    const premium = await member({ paid: true })
    const free = await member()
    for (const viewer of [premium.viewer, free.viewer, null]) {
      expect(await photoFileFor(viewer, pendingImg.id, 'full')).toBeNull()
      expect(await photoFileFor(viewer, pendingImg.id, 'thumb')).toBeNull()
    }
    expect(await photoFileFor(premium.viewer, 987_654, 'full')).toBeNull()
    // Rejected photos are gone for others too.
    await db().update(profileImages).set({ status: 'rejected' }).where(eq(profileImages.id, otherImg.id))
    expect(await photoFileFor(premium.viewer, otherImg.id, 'full')).toBeNull()
  })

  it('follows the profile’s visibility: privacy mode and a disabled profile hide the photos', async () => {
    const { owner, mainImg, otherImg } = await setup()
    const premium = await member({ paid: true })
    await db().update(profiles).set({ privacyMode: true }).where(eq(profiles.id, owner.profileId))
    expect(await photoFileFor(premium.viewer, mainImg.id, 'full')).toBeNull()
    expect(await photoFileFor(null, otherImg.id, 'full')).toBeNull()
    await db().update(profiles).set({ privacyMode: false, status: 'disabled' }).where(eq(profiles.id, owner.profileId))
    expect(await photoFileFor(premium.viewer, mainImg.id, 'full')).toBeNull()
    expect(await photoFileFor(owner.viewer, mainImg.id, 'full')).not.toBeNull()
  })
})
