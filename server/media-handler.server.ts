import { pipeline } from 'node:stream'
import express, { type RequestHandler } from 'express'
import { uploadsDir } from '#app/adapters/storage/disk-storage.server'
import { isMediaName, type MediaStore } from '#app/adapters/storage/media-store'
import { logger } from '#app/lib/logger.server'
import { errorText } from '#app/lib/error-text'

const MAX_AGE_S = 7 * 86400

/**
 * /media/<name>: the public area (blurred copies, the main photo's small variants), for anyone. From the disk it is
 * a static folder, as always; from object storage every file is streamed through the app with the same caching
 * (a week, public), ETag and 304, so that the bucket itself is never public and no object address is handed out.
 */
export function publicMediaHandler(store: MediaStore, dataDir: string): RequestHandler {
  if (store.kind === 'disk') return express.static(uploadsDir(dataDir), { maxAge: MAX_AGE_S * 1000, index: false, fallthrough: false })
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return void res.status(405).type('text/plain').send('Method Not Allowed')
    }
    let name: string
    try {
      name = decodeURIComponent(req.path.slice(1))
    } catch {
      name = ''
    }
    if (!isMediaName(name)) return void res.status(404).type('text/plain').send('Not Found')
    let found: Awaited<ReturnType<MediaStore['open']>>
    try {
      found = await store.open(name, 'public', { ifNoneMatch: req.get('if-none-match') })
    } catch (e) {
      return next(e)
    }
    if (!found) return void res.status(404).type('text/plain').send('Not Found')
    res.setHeader('Cache-Control', `public, max-age=${MAX_AGE_S}`)
    if (found === 'not-modified') return void res.status(304).end()
    res.setHeader('ETag', found.etag)
    res.setHeader('Last-Modified', found.lastModified.toUTCString())
    res.setHeader('Content-Type', found.contentType)
    res.setHeader('Content-Length', String(found.size))
    if (req.method === 'HEAD') {
      found.body.destroy()
      return void res.end()
    }
    pipeline(found.body, res, (err) => {
      // A client that went away is no failure; anything else is (the response is cut short, the log says why).
      if (err && !res.destroyed) logger.warn({ err: errorText(err), path: req.path }, 'media stream failed')
    })
  }
}
