import { Readable } from 'node:stream'
import type { MediaArea, MediaStore } from './media-store'

/**
 * A stored file as the answer to a GET, streamed through the app whatever the store: with its length, type and
 * ETag, and 304 when the client's copy is current. Null when the file is not there. Private files are only ever
 * answered this way, after the route checked the viewer: the store never hands out an address of its own.
 */
export async function mediaResponse(
  store: MediaStore,
  request: Request,
  name: string,
  area: MediaArea,
  headers: Record<string, string>,
): Promise<Response | null> {
  const found = await store.open(name, area, { ifNoneMatch: request.headers.get('if-none-match') ?? undefined })
  if (!found) return null
  if (found === 'not-modified') return new Response(null, { status: 304, headers })
  const common = {
    ...headers,
    ETag: found.etag,
    'Last-Modified': found.lastModified.toUTCString(),
    'Content-Type': found.contentType,
    'X-Content-Type-Options': 'nosniff',
  }
  if (request.method === 'HEAD') {
    found.body.destroy()
    return new Response(null, { headers: { ...common, 'Content-Length': String(found.size) } })
  }
  return new Response(Readable.toWeb(found.body) as ReadableStream, { headers: { ...common, 'Content-Length': String(found.size) } })
}
