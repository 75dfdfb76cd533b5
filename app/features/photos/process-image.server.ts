import sharp from 'sharp'
import { sniffImage } from './image-bytes.server'
import { MAX_SIDE_PX, MAX_UPLOAD_BYTES, MIN_SIDE_PX } from './photo-rules'

export { MAX_UPLOAD_BYTES }

/** Why an upload was refused; each has its text photos.error.<code> in the catalogs. */
export type ImageRejection = 'empty' | 'not_image' | 'damaged' | 'hidden_data' | 'too_large' | 'too_many_pixels' | 'dimensions' | 'too_small'

export class ImageRejectedError extends Error {
  constructor(readonly code: ImageRejection) {
    super(code)
  }
}

// A decompression bomb ("pixel flood") is refused from its header, before it is decoded: 50 megapixels is far
// above any phone's default photo.
const MAX_INPUT_PIXELS = 50_000_000

export interface ProcessedImage {
  full: Buffer
  thumb: Buffer
  match: Buffer
  blurred: Buffer
}

/**
 * Checks an upload and re-encodes it to WebP in the four sizes the product uses; only these outputs are ever
 * stored, never the uploaded bytes. The checks, cheapest first: size; format, completeness and hidden content from
 * the bytes (image-bytes.server.ts); the header's format and dimensions (sharp, without decoding); then decoding.
 * sharp writes no metadata unless asked, so EXIF (GPS position, camera serial) never survives; the EXIF
 * orientation is applied to the pixels first.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError('too_large')
  const sniffed = sniffImage(input)
  if (!sniffed.ok) throw new ImageRejectedError(sniffed.reason)
  let meta: sharp.Metadata
  try {
    // Only the header is read here; the pixel limit is checked below so that a pixel flood gets its own answer
    // (with limitInputPixels, sharp refuses to read the header and the flood would pass for "not an image").
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageRejectedError('damaged')
  }
  // The header must agree with the signature: a file that starts like a JPEG but is read as something else is not one.
  if (meta.format !== sniffed.format) throw new ImageRejectedError('not_image')
  if (!meta.width || !meta.height) throw new ImageRejectedError('damaged')
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('too_many_pixels')
  if (meta.width > MAX_SIDE_PX || meta.height > MAX_SIDE_PX) throw new ImageRejectedError('dimensions')
  if (meta.width < MIN_SIDE_PX || meta.height < MIN_SIDE_PX) throw new ImageRejectedError('too_small')
  // failOn 'error': a file whose pixels cannot all be decoded (corrupt data) is refused rather than stored grey.
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 }).rotate()
  try {
    const [full, thumb, match, blurred] = await Promise.all([
      base().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      base().resize(160, 160, { fit: 'cover', position: 'attention' }).webp({ quality: 75 }).toBuffer(),
      base().resize(400, 400, { fit: 'cover', position: 'attention' }).webp({ quality: 78 }).toBuffer(),
      base().resize(300, 300, { fit: 'cover' }).blur(30).webp({ quality: 50 }).toBuffer(),
    ])
    return { full, thumb, match, blurred }
  } catch {
    throw new ImageRejectedError('damaged')
  }
}
