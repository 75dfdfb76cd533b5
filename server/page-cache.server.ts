import type express from 'express'
import { SESSION_COOKIE } from '#app/features/authentication/sessions.server'
import { TRACKING_COOKIE } from '#app/features/accounts/tracking'
import { getSettings } from '#app/features/settings/settings.server'
import type { Settings } from '#app/features/settings/defaults'
import { ENTRY_WARNING_COOKIE } from '#app/features/visitors/entry-warning'
import { visitorCountry } from '#app/features/visitors/visitor.server'
import { LOCALE_COOKIE } from '#app/i18n/locales'
import { parseCookies } from '#app/lib/cookies'

/**
 * A few seconds' cache of the public entry pages as a logged-out visitor sees them (issue 14; decision record 021).
 * Paid traffic lands on these pages in bursts, and each render costs milliseconds of CPU while the page is the same
 * for every visitor with the same inputs. The key holds every input these pages read: the address with its query,
 * the host (locale domains), the visitor's country (entry warning, languages, signup country), and the cookies
 * for language, entry warning and tracking; the settings object (a changed setting starts an empty cache). A request
 * with a session cookie, or a response that sets a cookie or is not a 200 HTML page, is never cached.
 */
export const CACHED_PATHS: ReadonlySet<string> = new Set(['/', '/login', '/signup'])

export interface PageCacheOptions {
  ttlMs?: number
  maxEntries?: number
  maxBytes?: number
}

interface Entry {
  expires: number
  status: number
  headers: Record<string, string | string[]>
  body: Buffer
  /** The CSP nonce the page was rendered with: each reply gets its own (server/security-headers.server.ts). */
  nonce: string | undefined
}

export function anonymousPageCache({ ttlMs = 5_000, maxEntries = 500, maxBytes = 512 * 1024 }: PageCacheOptions = {}): express.RequestHandler & {
  clear(): void
} {
  let entries = new Map<string, Entry>()
  let settingsSeen: Settings | undefined

  const middleware = async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method !== 'GET' || !CACHED_PATHS.has(req.path)) return next()
    const cookies = parseCookies(req.get('cookie'))
    if (cookies[SESSION_COOKIE]) return next()
    const settings = await getSettings()
    if (settings !== settingsSeen) {
      settingsSeen = settings
      entries = new Map()
    }
    const key = [
      req.url,
      req.get('host') ?? '',
      visitorCountry({ clientIp: req.ip ?? '' }, settings) ?? '',
      cookies[LOCALE_COOKIE] ?? '',
      cookies[ENTRY_WARNING_COOKIE] ? 'skipped' : '',
      cookies[TRACKING_COOKIE] ?? '',
    ].join('\n')
    const now = Date.now()
    const hit = entries.get(key)
    if (hit && hit.expires > now) {
      res.writeHead(hit.status, hit.headers)
      res.end(withNonce(hit, res.locals.cspNonce as string | undefined))
      return
    }
    if (hit) entries.delete(key)

    const chunks: Buffer[] = []
    let size = 0
    let keep = true
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array)
      size += buf.length
      if (size > maxBytes) keep = false
      else chunks.push(buf)
    }
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      return write(chunk, ...rest)
    }) as typeof res.write
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      const type = String(res.getHeader('content-type') ?? '')
      if (keep && res.statusCode === 200 && type.startsWith('text/html') && res.getHeader('set-cookie') === undefined) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
        entries.set(key, {
          expires: Date.now() + ttlMs,
          status: 200,
          headers: storedHeaders(res),
          body: Buffer.concat(chunks),
          nonce: res.locals.cspNonce as string | undefined,
        })
      }
      return end(chunk, ...rest)
    }) as typeof res.end
    next()
  }
  return Object.assign(middleware, { clear: () => void (entries = new Map()) })
}

// The headers of the page itself; the length and encoding are the compression middleware's business on each reply,
// and the Content-Security-Policy names each reply's own nonce.
const PER_REPLY = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'set-cookie',
  'content-security-policy',
  // Each reply's own time (server/server-timing.server.ts): a cache hit is not the miss that stored it.
  'server-timing',
])

// A nonce that every reader of the page could learn is no secret: the cached page is served with this reply's.
function withNonce(entry: Entry, nonce: string | undefined): Buffer {
  if (!entry.nonce || !nonce) return entry.body
  return Buffer.from(entry.body.toString('utf8').replaceAll(`nonce="${entry.nonce}"`, `nonce="${nonce}"`))
}

function storedHeaders(res: express.Response): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_REPLY.has(name)) continue
    out[name] = Array.isArray(value) ? value : String(value)
  }
  return out
}
