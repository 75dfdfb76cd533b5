import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressedAssets } from './precompressed-assets.server'

const css = '.btn{color:red}\n'.repeat(200)
let dir: string
let server: http.Server
let base: string

// node:http rather than fetch: fetch would decode the body and hide which encoding was sent.
function get(pathname: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + pathname, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'))
  fs.writeFileSync(path.join(dir, 'app.css'), css)
  // Marked copies, so a test can tell the build's copy from one compressed on the fly.
  fs.writeFileSync(path.join(dir, 'app.css.br'), zlib.brotliCompressSync(css + '/*br*/'))
  fs.writeFileSync(path.join(dir, 'app.css.gz'), zlib.gzipSync(css + '/*gz*/'))
  fs.writeFileSync(path.join(dir, 'plain.js'), 'console.log(1)\n'.repeat(200))
  fs.writeFileSync(path.join(dir, '..secret.br'), 'no')
  const app = express()
  app.use(compression({ threshold: 0 }))
  app.use('/assets', precompressedAssets(dir, { immutable: true, maxAge: '1y' }))
  app.use('/assets', express.static(dir, { immutable: true, maxAge: '1y', index: false }))
  server = http.createServer(app)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
  fs.rmSync(dir, { recursive: true })
})

describe('precompressed assets', () => {
  it("sends the build's Brotli copy to a browser that accepts it, typed as the original and cached for a year", async () => {
    const res = await get('/assets/app.css', 'gzip, deflate, br, zstd')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^text\/css/)
    expect(res.headers['vary']).toMatch(/Accept-Encoding/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(css + '/*br*/')
  })

  it('sends the gzip copy where Brotli is not accepted, and the file itself where nothing is', async () => {
    const gz = await get('/assets/app.css', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(css + '/*gz*/')
    const plain = await get('/assets/app.css', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(css)
  })

  it('leaves a file without copies to the static files and the compression middleware', async () => {
    const res = await get('/assets/plain.js', 'br')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe('console.log(1)\n'.repeat(200))
  })

  it('names only listed files: a path outside the folder or a malformed one falls through', async () => {
    expect((await get('/assets/..%2F..%2Fetc%2Fpasswd', 'br')).status).toBe(404)
    expect((await get('/assets/%E0%A4%A', 'br')).status).toBeGreaterThanOrEqual(400)
    expect((await get('/assets/missing.css', 'br')).status).toBe(404)
  })
})
