import fs from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

/**
 * Sends the Brotli or gzip copy that the build wrote beside a file (scripts/precompress-assets.ts) to a browser that
 * accepts it, with the original's type; the compression middleware leaves a reply that is already encoded alone.
 * The copies are listed once at start, so a request never touches the disk for a name that is not there, and a
 * path can only ever name a listed file.
 */
export function precompressedAssets(dir: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  const listed = new Set(fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) : [])
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    let name: string
    try {
      name = decodeURIComponent(req.path).replace(/^\/+/, '')
    } catch {
      return next()
    }
    // Brotli whenever it is accepted: asked for the best of several, the negotiator keeps the client's order, and
    // Chromium lists gzip first.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null
    if (!suffix || !listed.has(name + suffix)) return next()
    res.vary('Accept-Encoding')
    res.setHeader('Content-Encoding', encoding as string)
    res.type(path.extname(name))
    res.sendFile(name + suffix, { root: dir, maxAge: options.maxAge, immutable: options.immutable }, (err) => err && next(err))
  }
}
