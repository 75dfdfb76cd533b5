import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loader } from './i18n-bundle'
import { messageBundle } from '#app/i18n/message-bundles.server'

describe('GET /i18n/{bundle}', () => {
  it('are sent in Brotli at its best quality to a browser that takes it, and as they are to one that does not', async () => {
    const b = messageBundle('pl', '/members')
    const best = zlib.brotliCompressSync(b.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
    const compressed = await b.brotli()
    expect(compressed.length).toBe(best.length)
    // Made once: the same promise, and the same bytes, for every request.
    expect(b.brotli()).toBe(b.brotli())
    expect(zlib.brotliDecompressSync(compressed).toString()).toBe(b.body)
    const get = (acceptEncoding: string) =>
      loader({ request: new Request(`http://x${b.url}`, { headers: { 'accept-encoding': acceptEncoding } }) } as Parameters<typeof loader>[0])
    const br = await get('gzip, deflate, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(Buffer.from(await br.arrayBuffer()).equals(compressed)).toBe(true)
    const plain = await get('gzip')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(b.body)
  })

  it('answers 404 for an address that is not a bundle', async () => {
    const r = await loader({ request: new Request('http://x/i18n/en-site-AAAAAAAAAAAA.js') } as Parameters<typeof loader>[0])
    expect(r.status).toBe(404)
  })
})
