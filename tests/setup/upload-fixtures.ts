import zlib from 'node:zlib'
import sharp from 'sharp'

/**
 * Upload fixtures made in the tests (no binaries in the repository): plain photos, and every kind of file the
 * upload path must refuse. Shared by the image pipeline's tests and the upload routes' tests.
 */
export const jpeg = (width = 400, height = 300, color = '#c33') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
export const png = (width = 200, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: '#0f0a' } })
    .png()
    .toBuffer()
export const webp = (width = 200, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#00f' } })
    .webp()
    .toBuffer()
export const gif = (width = 200, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#0a0' } })
    .gif()
    .toBuffer()

export const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script><rect width="300" height="300"/></svg>',
)
export const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

function crc32(buf: Buffer): number {
  let crc = 0xffffffff
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    crc = (crc >>> 8) ^ c
  }
  return (crc ^ 0xffffffff) >>> 0
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A tiny PNG whose header claims width × height pixels: a decompression bomb ("pixel flood"). */
export function pixelFloodPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A minimal ZIP archive holding one stored file (local header, central directory, end record). */
export function zip(name = 'payload.html', content = '<script>alert(1)</script>'): Buffer {
  const data = Buffer.from(content)
  const fileName = Buffer.from(name)
  const crc = crc32(data)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(data.length, 22)
  local.writeUInt16LE(fileName.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(data.length, 24)
  central.writeUInt16LE(fileName.length, 28)
  const localPart = Buffer.concat([local, fileName, data])
  const centralPart = Buffer.concat([central, fileName])
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(centralPart.length, 12)
  end.writeUInt32LE(localPart.length, 16)
  return Buffer.concat([localPart, centralPart, end])
}

/** A JPEG with a comment segment (COM, 0xFFFE) right after its start marker. */
export function withJpegComment(jpg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1')
  const header = Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff])
  return Buffer.concat([jpg.subarray(0, 2), header, text, jpg.subarray(2)])
}

/** A PNG with a tEXt chunk after IHDR. */
export function withPngText(p: Buffer, keyword: string, text: string): Buffer {
  const ihdrEnd = 8 + 12 + 13
  return Buffer.concat([p.subarray(0, ihdrEnd), pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')), p.subarray(ihdrEnd)])
}

/**
 * A GIF that is also JavaScript (the classic GIF/JS polyglot): `GIF89a` starts an expression, the logical screen
 * size bytes are `/*`, and the script follows the image.
 */
export function gifJsPolyglot(): Buffer {
  const header = Buffer.from('GIF89a', 'latin1')
  const screen = Buffer.from([0x2f, 0x2a, 0x0a, 0x00, 0x00, 0x00, 0x00])
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])
  return Buffer.concat([header, screen, image, Buffer.from('*/=1;alert(document.domain);', 'latin1')])
}

/** A binary trailer such as a phone's motion photo carries (an MP4 box after the JPEG's end). */
export function motionPhotoTrailer(): Buffer {
  const box = Buffer.alloc(4096)
  box.writeUInt32BE(4096, 0)
  box.write('ftypmp42', 4, 'latin1')
  for (let i = 16; i < box.length; i++) box[i] = (i * 131 + 7) & 0xff
  return box
}
