import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import { SESSION_COOKIE } from '#app/features/authentication/sessions.server'
import { viewerForSession } from '#app/features/authentication/viewer.server'
import { TRACKING_COOKIE, TRACKING_MAX_AGE_S, trackingFromQuery } from '#app/features/accounts/tracking'
import { publicSettingsJson, PUBLIC_SETTINGS_CACHE_CONTROL } from '#app/features/public-settings/public-settings.server'
import { createDiskMediaStore } from '#app/adapters/storage/disk-storage.server'
import type { MediaStore } from '#app/adapters/storage/media-store'
import { parseCookies, serializeCookie } from '#app/lib/cookies'
import { logger } from '#app/lib/logger.server'
import { isAllowedOrigin } from '#app/lib/origin'
import { isServiceUnavailable, RETRY_AFTER_S } from '#app/lib/service-unavailable'
import { errorText } from '#app/lib/error-text'
import { mountTestHooks } from './test-hooks.server'
import { precompressedAssets } from './precompressed-assets.server'
import { isDirectLocalPeer } from './local-peer.server'
import { mountOpsEndpoints } from './ops-endpoints.server'
import { anonymousPageCache } from './page-cache.server'
import { compileTrustProxy, type TrustProxy } from './client-address.server'
import { publicMediaHandler } from './media-handler.server'
import { securityHeaders } from './security-headers.server'
import { routeIdFor } from './route-labels.server'
import { securityLog } from '#app/lib/security-log.server'
import { serverTiming } from './server-timing.server'

const BOOT_ID = randomUUID()
const MEMBER_LOGIN_ROUTES: ReadonlySet<string> = new Set(['login', 'api-user'])
// The largest body we accept: one photo upload (10 MB) and its form overhead.
const MAX_BODY_BYTES = 11 * 1024 * 1024

/** The Express app around the React Router handler: static files, media, CSRF origin check, session lookup. */
export function createHttpApp(opts: {
  dataDir: string
  /** Where the media are (MEDIA_STORAGE); unset: the disk under dataDir. */
  media?: MediaStore
  publicUrl?: string
  /** Seconds the public entry pages are cached for logged-out visitors (server/page-cache.server.ts); 0 or unset: off. */
  pageCacheSeconds?: number
  /** Origins besides this site that a form may lead to (the payment provider's checkout page). */
  formActionOrigins?: readonly string[]
  /** Proxies believed for the client's address (TRUST_PROXY); default loopback, a proxy on this machine. */
  trustProxy?: TrustProxy
  reactRouterHandler: (getLoadContext: (req: express.Request) => Promise<Record<string, unknown>>) => RequestHandler
}) {
  const app = express()
  app.disable('x-powered-by')
  // req.ip (rate limits, country, entry warning) follows TRUST_PROXY; the ops endpoints read the TCP peer instead.
  app.set('trust proxy', compileTrustProxy(opts.trustProxy ?? ['loopback']))
  // First, so that the tally covers everything the request does (server/server-timing.server.ts).
  app.use(serverTiming)
  app.use(compression())
  // Every refusal for want of a session or a right (401, 403: member pages and API, the console, the CSRF check)
  // is a security event, whoever refused: one line with the route's id and the member's id, never the path.
  app.use(logRefusals)
  app.use(securityHeaders({ publicUrl: opts.publicUrl, formActionOrigins: opts.formActionOrigins }))
  // /healthz, /readyz, /metrics and the request metrics; `boot` tells a restart apart (fuzz and supervisor tests).
  mountOpsEndpoints(app, { bootId: BOOT_ID })
  // The build's Brotli and gzip copies first (compressed once at their best rather than on every reply), then the files.
  app.use('/assets', precompressedAssets(path.resolve('build/client/assets'), { immutable: true, maxAge: '1y' }))
  app.use('/assets', express.static(path.resolve('build/client/assets'), { immutable: true, maxAge: '1y', index: false }))
  // The other public files sit at the root (favicon, icons, service worker, offline page): only paths under their
  // names are looked up on disk, so a page or API request costs no failed stat (issue 14, docs/performance.md).
  const clientDir = path.resolve('build/client')
  const rootEntries = new Set(fs.existsSync(clientDir) ? fs.readdirSync(clientDir).filter((n) => n !== 'assets') : [])
  const rootFiles = express.static(clientDir, { maxAge: '1h', index: false })
  app.use((req, res, next) => (rootEntries.has(req.path.split('/', 2)[1]) ? rootFiles(req, res, next) : next()))
  app.use('/media', publicMediaHandler(opts.media ?? createDiskMediaStore(opts.dataDir), opts.dataDir))

  mountTestHooks(app)

  // Bodies are read whole by the route actions: refuse what is too large before reading it. Browsers send a
  // Content-Length with every form post and upload, so a body without one is refused too.
  app.use(limitBodySize)

  // CSRF: every state-changing request must come from our own origin (SameSite=Lax covers the cookie side).
  app.use(sameOriginWrites(opts.publicUrl))

  // The tracking query is stored on the first visit (spec section 4) and saved on the account at signup.
  app.use(storeTracking(opts.publicUrl))

  // A loader or action that failed because the database or Redis is away is marked by the entry's handleError
  // (app/entry.server.tsx); React Router answers it with 500, which becomes 503 with Retry-After here.
  app.use(unavailableAs503)

  const loadContext = async (req: express.Request) => {
    const token = parseCookies(req.get('cookie'))[SESSION_COOKIE] ?? null
    // A page (document or data request) shows the badge counts, fetched with the viewer in one statement.
    const viewer = token ? await viewerForSession(token, { badgeCounts: req.method === 'GET' && !req.path.startsWith('/api/') }) : null
    const locals = req.res!.locals
    locals.viewerUserId = viewer?.userId
    return {
      viewer,
      sessionToken: viewer ? token : null,
      clientIp: req.ip ?? '',
      directLocalPeer: isDirectLocalPeer(req),
      requestFailure: locals.requestFailure as RequestFailure,
      cspNonce: locals.cspNonce as string,
    }
  }

  // The public settings are asked for by every client at start: answered here, without React Router's request
  // conversion and route matching, which were most of its cost (issue 14). Other methods go to the route.
  app.get('/api/settings.php', async (req, res) => {
    const { viewer, clientIp } = await loadContext(req)
    const q = req.url.indexOf('?')
    const json = await publicSettingsJson({
      query: new URLSearchParams(q >= 0 ? req.url.slice(q + 1) : ''),
      cookie: req.get('cookie') ?? null,
      host: req.get('host') ?? null,
      clientIp,
      viewer,
    })
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': PUBLIC_SETTINGS_CACHE_CONTROL, 'Content-Length': Buffer.byteLength(json) })
    res.end(req.method === 'HEAD' ? undefined : json)
  })

  if (opts.pageCacheSeconds) app.use(anonymousPageCache({ ttlMs: opts.pageCacheSeconds * 1000 }))
  app.all('/{*splat}', opts.reactRouterHandler(loadContext))

  // The last stop for an error outside React Router (the session lookup, a middleware): it ends this request
  // only. Express 5 routes rejected promises here too.
  app.use(lastErrorHandler)
  return app
}

const logRefusals: RequestHandler = (req, res, next) => {
  res.once('finish', () => {
    if (res.statusCode !== 401 && res.statusCode !== 403) return
    const route = routeIdFor(req.path)
    // A member login's 401 is a wrong password, logged as login.failed by the login itself.
    if (res.statusCode === 401 && route !== null && MEMBER_LOGIN_ROUTES.has(route)) return
    securityLog('authorization.refused', { status: res.statusCode, route, userId: (res.locals.viewerUserId as number | undefined) ?? null })
  })
  next()
}

const limitBodySize: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  const length = req.get('content-length')
  if (length === undefined && req.get('transfer-encoding')) return void res.status(411).json({ error: 'length_required' })
  if (Number(length ?? 0) > MAX_BODY_BYTES) return void res.status(413).json({ error: 'too_large' })
  next()
}

function sameOriginWrites(publicUrl: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    if (isAllowedOrigin({ origin: req.get('origin'), referer: req.get('referer'), host: req.get('host'), publicUrl })) return next()
    logger.warn({ path: req.path }, 'rejected cross-origin request')
    res.status(403).json({ error: 'bad_origin' })
  }
}

function storeTracking(publicUrl: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' || req.path.startsWith('/api/')) return next()
    const q = req.url.indexOf('?')
    const tracking = q >= 0 ? trackingFromQuery(new URLSearchParams(req.url.slice(q + 1))) : null
    if (tracking && !parseCookies(req.get('cookie'))[TRACKING_COOKIE]) {
      res.append(
        'Set-Cookie',
        serializeCookie(TRACKING_COOKIE, JSON.stringify(tracking), {
          maxAge: TRACKING_MAX_AGE_S,
          httpOnly: true,
          secure: publicUrl?.startsWith('https://'),
          sameSite: 'Lax',
        }),
      )
      // Visible to this very request's loaders too.
      req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${TRACKING_COOKIE}=${encodeURIComponent(JSON.stringify(tracking))}`
    }
    next()
  }
}

const unavailableAs503: RequestHandler = (_req, res, next) => {
  const failure: RequestFailure = { serviceUnavailable: false }
  res.locals.requestFailure = failure
  const status = res.status.bind(res)
  res.status = (code: number) => {
    if (code !== 500 || !failure.serviceUnavailable) return status(code)
    res.setHeader('Retry-After', String(RETRY_AFTER_S))
    return status(503)
  }
  next()
}

function lastErrorHandler(err: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  const unavailable = isServiceUnavailable(err)
  const status = unavailable ? 503 : typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500
  if (status >= 500) logger.error({ err: errorText(err), unavailable, method: req.method, path: req.path }, 'request failed')
  if (res.headersSent) return next(err)
  if (unavailable) res.setHeader('Retry-After', String(RETRY_AFTER_S))
  res
    .status(status)
    .type('text/plain')
    .send(unavailable ? 'Service Unavailable' : status >= 500 ? 'Internal Server Error' : 'Bad Request')
}

export interface RequestFailure {
  serviceUnavailable: boolean
}
