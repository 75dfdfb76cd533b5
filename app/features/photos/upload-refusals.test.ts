import fs from 'node:fs'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { sendChatPhoto } from '#app/features/chat/chat-photos.server'
import { db } from '#db/client.server'
import { messages, profileImages } from '#db/schema/index'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { gif, gifJsPolyglot, html, jpeg, motionPhotoTrailer, pdf, pixelFloodPng, svg, withJpegComment, zip } from '../../../tests/setup/upload-fixtures'
import { uploadPhoto } from './photos.server'
import { ImageRejectedError, MAX_UPLOAD_BYTES, processImage, type ImageRejection } from './process-image.server'

useTestDatabase()

const dataDir = () => process.env.DATA_DIR!
const AREAS = ['uploads', 'uploads-private', 'uploads-tmp']

/** Every file under the media folders (public, private, temporary): what an upload could leave behind. */
function mediaFiles(): string[] {
  return AREAS.flatMap((area) => {
    const dir = path.join(dataDir(), area)
    if (!fs.existsSync(dir)) return []
    if (!fs.statSync(dir).isDirectory()) return [area]
    return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((n) => `${area}/${n}`)
  }).sort()
}

async function refusal(p: Promise<unknown>): Promise<ImageRejection | 'accepted'> {
  try {
    await p
    return 'accepted'
  } catch (e) {
    if (e instanceof ImageRejectedError) return e.code
    throw e
  }
}

/** A JPEG whose entropy-coded data is garbage (its markers intact): it cannot be decoded. */
async function corruptJpeg(): Promise<Buffer> {
  const j = Buffer.from(await jpeg())
  const scan = j.indexOf(Buffer.from([0xff, 0xda]))
  for (let k = scan + 20; k < j.length - 10; k++) j[k] = (k * 37) & 0x7f
  return j
}

// Each kind of file the upload path must refuse, with the reason the member is told.
const refused: [string, () => Promise<Buffer> | Buffer, ImageRejection][] = [
  ['an empty file', () => Buffer.alloc(0), 'empty'],
  ['text', () => Buffer.from('just some words, no picture at all'), 'not_image'],
  ['an SVG (even one called photo.jpg)', () => svg, 'not_image'],
  ['a GIF', () => gif(), 'not_image'],
  ['a GIF that is also JavaScript', () => gifJsPolyglot(), 'not_image'],
  ['a PDF', () => pdf, 'not_image'],
  ['an HTML page', () => html, 'not_image'],
  ['a ZIP archive', () => zip(), 'not_image'],
  ['a JPEG with a ZIP appended', async () => Buffer.concat([await jpeg(), zip()]), 'hidden_data'],
  ['a JPEG with a script appended', async () => Buffer.concat([await jpeg(), html]), 'hidden_data'],
  ['a JPEG with a script in its comment', async () => withJpegComment(await jpeg(), '<script>alert(1)</script>'), 'hidden_data'],
  ['a truncated JPEG', async () => (await jpeg()).subarray(0, 600), 'damaged'],
  ['a JPEG with corrupt image data', () => corruptJpeg(), 'damaged'],
  ['a decompression bomb (a small PNG declaring 50,000 × 50,000)', () => pixelFloodPng(50_000, 50_000), 'too_many_pixels'],
  ['a picture 13,000 pixels wide', () => jpeg(13_000, 200), 'dimensions'],
  ['a picture under 100 pixels', () => jpeg(90, 300), 'too_small'],
  ['more than 10 MB', async () => Buffer.concat([await jpeg(), Buffer.alloc(MAX_UPLOAD_BYTES)]), 'too_large'],
]

describe('refused uploads', () => {
  it.each(refused)('%s is refused and leaves nothing on disk or in the database', async (_name, make, reason) => {
    const m = await createMember()
    const input = await make()
    const before = mediaFiles()
    expect(await refusal(uploadPhoto({ profileId: m.profileId, paidUser: false }, input))).toBe(reason)
    expect(mediaFiles()).toEqual(before)
    const [rows] = await db().select({ n: count() }).from(profileImages).where(eq(profileImages.profileId, m.profileId))
    expect(rows.n).toBe(0)
  })

  it('a bomb is refused from its header, without being decoded', async () => {
    const started = Date.now()
    expect(await refusal(processImage(pixelFloodPng(50_000, 50_000)))).toBe('too_many_pixels')
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('a chat photo that is refused leaves no file and no message', async () => {
    const a = await createMember({ paidUser: true, credits: 100 })
    const b = await createMember({ gender: 'male' })
    const before = mediaFiles()
    const r = await sendChatPhoto(a.profileId, b.profileId, crypto.randomUUID(), Buffer.concat([await jpeg(), html]))
    expect(r).toMatchObject({ ok: false, error: 'photo', code: 'hidden_data', status: 422 })
    expect(mediaFiles()).toEqual(before)
    expect(await db().select({ id: messages.id }).from(messages)).toEqual([])
  })
})

describe('what is stored', () => {
  it('is only the re-encoded WebP: nothing of the uploaded bytes (metadata, trailer) survives', async () => {
    const m = await createMember()
    const marker = 'MARKER-7f3a'
    const trailer = motionPhotoTrailer()
    trailer.write(marker, 64, 'latin1')
    const input = Buffer.concat([withJpegComment(await jpeg(), `comment ${marker}`), trailer])
    const before = new Set(mediaFiles())
    const r = await uploadPhoto({ profileId: m.profileId, paidUser: false }, input)
    expect(r.ok).toBe(true)
    const added = mediaFiles().filter((f) => !before.has(f))
    expect(added).toHaveLength(4)
    for (const f of added) {
      const bytes = fs.readFileSync(path.join(dataDir(), f))
      expect((await sharp(bytes).metadata()).format, f).toBe('webp')
      expect(bytes.includes(Buffer.from(marker)), f).toBe(false)
      expect(f.startsWith('uploads-tmp/'), f).toBe(false)
    }
  })

  it('a failure after the image was processed removes every file it wrote', async () => {
    const m = await createMember()
    const image = await jpeg()
    // The database refuses the row (no such profile): the four files written before must go again.
    let before = mediaFiles()
    await expect(uploadPhoto({ profileId: 987_654, paidUser: false }, image)).rejects.toThrow()
    expect(mediaFiles()).toEqual(before)

    // The disk refuses one of the four files (the public folder cannot be made): the other three go again.
    const publicDir = path.join(dataDir(), 'uploads')
    const moved = fs.existsSync(publicDir) ? `${publicDir}-aside` : null
    if (moved) fs.renameSync(publicDir, moved)
    fs.writeFileSync(publicDir, 'not a folder')
    try {
      before = mediaFiles()
      await expect(uploadPhoto({ profileId: m.profileId, paidUser: false }, image)).rejects.toThrow()
      expect(mediaFiles()).toEqual(before)
      expect(await db().select({ id: profileImages.id }).from(profileImages)).toEqual([])
    } finally {
      fs.rmSync(publicDir)
      if (moved) fs.renameSync(moved, publicDir)
    }
  })
})
