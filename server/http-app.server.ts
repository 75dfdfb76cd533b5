import path from 'node:path'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import { SESSION_COOKIE, userIdForSession } from '#app/features/accounts/sessions.server'
import { getViewer } from '#app/features/accounts/viewer.server'
import { TRACKING_COOKIE, TRACKING_MAX_AGE_S, trackingFromQuery } from '#app/features/accounts/tracking'
import { uploadsDir } from '#app/adapters/storage/disk-storage.server'
import { parseCookies, serializeCookie } from '#app/lib/cookies'
import { logger } from '#app/lib/logger.server'
import { isAllowedOrigin } from '#app/lib/origin'

// The largest body we accept: one photo upload (10 MB) and its form overhead.
const MAX_BODY_BYTES = 11 * 1024 * 1024

/** The Express app around the React Router handler: static files, media, CSRF origin check, session lookup. */
export function createHttpApp(opts: {
  dataDir: string
  publicUrl?: string
  reactRouterHandler: (getLoadContext: (req: express.Request) => Promise<Record<string, unknown>>) => RequestHandler
}) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  app.use(compression())
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'same-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    next()
  })
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true })
  })
  app.use('/assets', express.static(path.resolve('build/client/assets'), { immutable: true, maxAge: '1y', index: false }))
  app.use(express.static(path.resolve('build/client'), { maxAge: '1h', index: false }))
  app.use('/media', express.static(uploadsDir(opts.dataDir), { maxAge: '7d', index: false, fallthrough: false }))

  // Bodies are read whole by the route actions: refuse what is too large before reading it. Browsers send a
  // Content-Length with every form post and upload, so a body without one is refused too.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    const length = req.get('content-length')
    if (length === undefined && req.get('transfer-encoding')) return void res.status(411).json({ error: 'length_required' })
    if (Number(length ?? 0) > MAX_BODY_BYTES) return void res.status(413).json({ error: 'too_large' })
    next()
  })

  // CSRF: every state-changing request must come from our own origin (SameSite=Lax covers the cookie side).
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
    if (isAllowedOrigin({ origin: req.get('origin'), referer: req.get('referer'), host: req.get('host'), publicUrl: opts.publicUrl })) return next()
    logger.warn({ path: req.path }, 'rejected cross-origin request')
    res.status(403).json({ error: 'bad_origin' })
  })

  // The tracking query is stored on the first visit (spec section 4) and saved on the account at signup.
  app.use((req, res, next) => {
    if (req.method !== 'GET' || req.path.startsWith('/api/')) return next()
    const q = req.url.indexOf('?')
    const tracking = q >= 0 ? trackingFromQuery(new URLSearchParams(req.url.slice(q + 1))) : null
    if (tracking && !parseCookies(req.get('cookie'))[TRACKING_COOKIE]) {
      res.append('Set-Cookie', serializeCookie(TRACKING_COOKIE, JSON.stringify(tracking), { maxAge: TRACKING_MAX_AGE_S, httpOnly: true, secure: opts.publicUrl?.startsWith('https://'), sameSite: 'Lax' }))
      // Visible to this very request's loaders too.
      req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${TRACKING_COOKIE}=${encodeURIComponent(JSON.stringify(tracking))}`
    }
    next()
  })

  app.all(
    '/{*splat}',
    opts.reactRouterHandler(async (req) => {
      const token = parseCookies(req.get('cookie'))[SESSION_COOKIE] ?? null
      const userId = token ? await userIdForSession(token) : null
      const viewer = userId ? await getViewer(userId) : null
      return { viewer, sessionToken: viewer ? token : null, clientIp: req.ip ?? '' }
    }),
  )
  return app
}
