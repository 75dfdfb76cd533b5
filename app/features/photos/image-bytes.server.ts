/**
 * What an upload really is, from its bytes (never its name or Content-Type): one of the three formats we take,
 * complete, and with nothing hidden in or after it. The image pipeline (process-image.server.ts) runs this before
 * sharp decodes anything, and stores only sharp's re-encoded output.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp'

export type SniffRefusal = 'empty' | 'not_image' | 'damaged' | 'hidden_data'

export type Sniffed = { ok: true; format: ImageFormat; end: number } | { ok: false; reason: SniffRefusal }

/** Where the image ends, and the byte ranges that hold metadata (text a reader may show) rather than pixels. */
interface Layout {
  end: number
  metadata: [number, number][]
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0))

function startsWith(buf: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (at < 0 || buf.length < at + bytes.length) return false
  return bytes.every((b, i) => buf[at + i] === b)
}

/** The format named by the file's first bytes, or null for anything else (SVG, GIF, PDF, HTML, ZIP, ...). */
export function formatOf(buf: Uint8Array): ImageFormat | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp'
  return null
}

/**
 * A JPEG's layout, walking its segments (and the entropy-coded data after each SOS) from the start to EOI. Null
 * when the structure breaks or the data stops before EOI (truncated).
 */
export function jpegLayout(buf: Uint8Array): Layout | null {
  const metadata: [number, number][] = []
  let i = 2
  while (i + 1 < buf.length) {
    if (buf[i] !== 0xff) return null
    const marker = buf[i + 1]
    if (marker === 0xff) {
      i += 1 // fill byte
      continue
    }
    if (marker === 0xd9) return { end: i + 2, metadata }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2
      continue
    }
    if (i + 3 >= buf.length) return null
    const length = (buf[i + 2] << 8) | buf[i + 3]
    if (length < 2) return null
    const next = i + 2 + length
    if (next > buf.length) return null
    // APPn (EXIF, XMP, ICC, ...) and COM: what metadata readers show.
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) metadata.push([i + 4, next])
    i = next
    if (marker !== 0xda) continue
    // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte), a restart marker or fill; anything else is
    // the next marker.
    while (i + 1 < buf.length) {
      if (buf[i] === 0xff) {
        const m = buf[i + 1]
        if (m === 0x00 || (m >= 0xd0 && m <= 0xd7)) {
          i += 2
          continue
        }
        if (m !== 0xff) break
      }
      i += 1
    }
    if (i + 1 >= buf.length) return null
  }
  return null
}

const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3]
const u32le = (b: Uint8Array, i: number) => b[i] + (b[i + 1] << 8) + (b[i + 2] << 16) + ((b[i + 3] << 24) >>> 0)
const fourcc = (b: Uint8Array, i: number) => String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3])

/** A PNG's layout, walking its chunks from IHDR to IEND. Null when broken or truncated. */
export function pngLayout(buf: Uint8Array): Layout | null {
  const metadata: [number, number][] = []
  let i = 8
  while (i + 12 <= buf.length) {
    const length = u32be(buf, i)
    const type = fourcc(buf, i + 4)
    if (i === 8 && type !== 'IHDR') return null
    const next = i + 12 + length
    if (next > buf.length) return null
    if (type === 'IEND') return { end: next, metadata }
    if (type !== 'IDAT' && type !== 'IHDR' && type !== 'PLTE') metadata.push([i + 8, i + 8 + length])
    i = next
  }
  return null
}

const WEBP_IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF'])

/** A WebP's layout: its RIFF header says how long it is; its chunks say which hold metadata. Null when cut short. */
export function webpLayout(buf: Uint8Array): Layout | null {
  if (buf.length < 20) return null
  const size = u32le(buf, 4)
  if (size < 4 || 8 + size > buf.length) return null
  const end = Math.min(8 + size + (size % 2), buf.length)
  const metadata: [number, number][] = []
  let i = 12
  while (i + 8 <= 8 + size) {
    const type = fourcc(buf, i)
    const length = u32le(buf, i + 4)
    const next = i + 8 + length + (length % 2)
    if (i + 8 + length > 8 + size) return null
    if (!WEBP_IMAGE_CHUNKS.has(type)) metadata.push([i + 8, i + 8 + length])
    i = next
  }
  return { end, metadata }
}

// Another file's signature right after the image (after padding): the upload is two files in one (a polyglot).
const APPENDED_FILES: readonly (readonly number[])[] = [
  ascii('PK\x03\x04'), // ZIP, JAR, Office documents
  ascii('Rar!'),
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x1f, 0x8b], // gzip
  ascii('%PDF'),
  ascii('\x7fELF'),
  ascii('MZ'), // Windows executable
  ascii('GIF8'),
  [0xca, 0xfe, 0xba, 0xbe], // Java class, Mach-O
]
// A ZIP is read from its end record, which lies in the last 64 KiB of the file wherever the rest is.
const ZIP_END = Buffer.from('PK\x05\x06', 'latin1')

// Markup or script in metadata or after the image: what a browser or a server could be tricked into running. No
// camera or editor writes these (XMP metadata is <x:xmpmeta>, <rdf:RDF>: not in this list).
const MARKUP = ['<script', '<html', '<?php', '<svg', '<iframe', '<!doctype', '<body', '<object', '<embed', '<meta', '<xsl:', '<?xml-stylesheet', 'javascript:']

const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)

function containsMarkup(part: Uint8Array): boolean {
  if (part.length < 4) return false
  const text = asBuffer(part).toString('latin1').toLowerCase()
  return MARKUP.some((m) => text.includes(m))
}

/** Mostly printable text: a script or a document, not a camera's binary trailer. */
function isText(part: Uint8Array): boolean {
  const sample = part.subarray(0, 4096)
  if (sample.length < 16) return false
  let printable = 0
  for (const b of sample) if ((b >= 0x20 && b < 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d) printable++
  return printable / sample.length > 0.9
}

/** What follows the image: padding or a camera's own binary trailer (a motion photo's video) passes; another file or text does not. */
function trailerHidesSomething(buf: Uint8Array, end: number): boolean {
  let start = end
  while (start < buf.length && buf[start] === 0) start++
  if (start === buf.length) return false
  const trailer = buf.subarray(start)
  if (APPENDED_FILES.some((sig) => startsWith(trailer, sig))) return true
  if (
    asBuffer(buf)
      .subarray(Math.max(end, buf.length - 65_557))
      .includes(ZIP_END)
  )
    return true
  return isText(trailer) || containsMarkup(trailer)
}

/**
 * Sniffs an upload: its format from its first bytes, its end from its structure (a file cut short is damaged), and
 * nothing hidden: no markup in its metadata, no second file or text after its end. Re-encoding would drop all of
 * that anyway; refusing says clearly that such a file is not a plain photo.
 */
export function sniffImage(buf: Uint8Array): Sniffed {
  if (buf.length === 0) return { ok: false, reason: 'empty' }
  const format = formatOf(buf)
  if (!format) return { ok: false, reason: 'not_image' }
  const layout = format === 'jpeg' ? jpegLayout(buf) : format === 'png' ? pngLayout(buf) : webpLayout(buf)
  if (!layout) return { ok: false, reason: 'damaged' }
  if (layout.metadata.some(([from, to]) => containsMarkup(buf.subarray(from, to)))) return { ok: false, reason: 'hidden_data' }
  if (trailerHidesSomething(buf, layout.end)) return { ok: false, reason: 'hidden_data' }
  return { ok: true, format, end: layout.end }
}
