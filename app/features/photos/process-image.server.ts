import sharp from 'sharp'

export type ImageRejection = 'not_image' | 'too_large' | 'too_many_pixels' | 'too_small'

export class ImageRejectedError extends Error {
  constructor(readonly code: ImageRejection) {
    super(code)
  }
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
// A decompression bomb ("pixel flood") is rejected before it is decoded: 50 megapixels is far above any camera.
const MAX_INPUT_PIXELS = 50_000_000
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'])

export interface ProcessedImage {
  full: Buffer
  thumb: Buffer
  match: Buffer
  blurred: Buffer
}

/**
 * Re-encodes an upload to WebP in the four sizes the product uses. sharp writes no metadata unless asked, so EXIF
 * (GPS position, camera serial) never survives; the EXIF orientation is applied to the pixels first.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError('too_large')
  let meta: sharp.Metadata
  try {
    // Only the header is read here; the pixel limit is checked below so that a pixel flood gets its own answer
    // (with limitInputPixels, sharp refuses to read the header and the flood would pass for "not an image").
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageRejectedError('not_image')
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageRejectedError('not_image')
  if (!meta.width || !meta.height) throw new ImageRejectedError('not_image')
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('too_many_pixels')
  if (meta.width < 100 || meta.height < 100) throw new ImageRejectedError('too_small')
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
  try {
    const [full, thumb, match, blurred] = await Promise.all([
      base().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      base().resize(160, 160, { fit: 'cover', position: 'attention' }).webp({ quality: 75 }).toBuffer(),
      base().resize(400, 400, { fit: 'cover', position: 'attention' }).webp({ quality: 78 }).toBuffer(),
      base().resize(300, 300, { fit: 'cover' }).blur(30).webp({ quality: 50 }).toBuffer(),
    ])
    return { full, thumb, match, blurred }
  } catch {
    throw new ImageRejectedError('not_image')
  }
}
