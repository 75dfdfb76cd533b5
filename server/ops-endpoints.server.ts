import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type express from 'express'
import { sql } from 'drizzle-orm'
import { bus } from '#app/adapters/bus/index.server'
import { env } from '#app/lib/env.server'
import { jobRunnersHealthy } from '#app/lib/jobs/job-runner.server'
import { httpRequestDuration, httpRequests, metricsRegistry, startProcessMetrics } from '#app/lib/metrics.server'
import { dbHandle } from '#db/client.server'
import { isDirectLocalPeer } from './local-peer.server'
import { routeIdFor } from './route-labels.server'
import { isShuttingDown } from './shutdown-state'

/**
 * What an operator's tools ask the process (docs/operations.md, decision record 022):
 *  - GET /healthz: the process answers (liveness); `boot` changes with every start.
 *  - GET /readyz: the database, Redis (when configured) and the job runner work (readiness); 503 names what does not.
 *  - GET /metrics: Prometheus metrics, from this host directly or with METRICS_TOKEN; anyone else gets the site's 404.
 * Also counts and times every request for /metrics. Mounted before the static files, so assets are counted too.
 */
export function mountOpsEndpoints(app: express.Express, opts: OpsOptions): void {
  startProcessMetrics()
  app.use(countRequests(opts.clientDir ?? path.resolve('build/client')))

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ ok: true, boot: opts.bootId })
  })

  const probes: ReadinessProbes = { ...defaultProbes, ...opts.probes }
  let pending: Promise<Readiness> | undefined
  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    // Stopping (SIGTERM): no new work for this process while what is under way finishes (graceful-close.server.ts).
    if (isShuttingDown()) return void res.status(503).json({ ok: false, shuttingDown: true })
    // Checks asked for together (a load balancer's probes from every node) share one round of queries.
    pending ??= checkReadiness(probes).finally(() => (pending = undefined))
    const r = await pending
    res.status(r.ok ? 200 : 503).json(r)
  })

  app.get('/metrics', async (req, res, next) => {
    // Not "403": to anyone else the address answers as any unknown one does.
    if (!mayReadMetrics(req, opts.metricsToken !== undefined ? opts.metricsToken : env().METRICS_TOKEN)) return next()
    const text = await metricsRegistry.metrics()
    res.setHeader('Cache-Control', 'no-store')
    res.type(metricsRegistry.contentType).send(text)
  })
}

export interface OpsOptions {
  bootId: string
  /** Only for tests: the token (else METRICS_TOKEN), stand-in checks, the built client files. */
  metricsToken?: string
  probes?: Partial<ReadinessProbes>
  clientDir?: string
}

type CheckResult = 'ok' | 'fail' | 'off'

export interface ReadinessProbes {
  /** Rejects when the database does not answer. */
  database(): Promise<unknown>
  /** 'off' when no Redis is configured, else a promise that rejects when Redis does not answer. */
  redis(): Promise<unknown> | 'off'
  /** Whether the job runner's loop is alive. */
  jobs(): boolean
}

export interface Readiness {
  ok: boolean
  checks: { database: CheckResult; redis: CheckResult; jobs: CheckResult }
}

const DATABASE_TIMEOUT_MS = 2000
const REDIS_TIMEOUT_MS = 1000

const defaultProbes: ReadinessProbes = {
  async database() {
    const handle = dbHandle()
    if (!handle) throw new Error('no database')
    await handle.db.execute(sql`select 1`)
  },
  redis() {
    const b = bus()
    return b.ping ? b.ping() : 'off'
  },
  jobs: () => jobRunnersHealthy() === true,
}

/** Each check is only "ok" or "fail": no error text, which could name hosts, users or queries. */
export async function checkReadiness(probes: ReadinessProbes): Promise<Readiness> {
  const attempt = async (run: () => Promise<unknown> | 'off', ms: number): Promise<CheckResult> => {
    try {
      const p = run()
      if (p === 'off') return 'off'
      await withTimeout(p, ms)
      return 'ok'
    } catch {
      return 'fail'
    }
  }
  const [database, redis] = await Promise.all([attempt(() => probes.database(), DATABASE_TIMEOUT_MS), attempt(() => probes.redis(), REDIS_TIMEOUT_MS)])
  let jobs: CheckResult
  try {
    jobs = probes.jobs() ? 'ok' : 'fail'
  } catch {
    jobs = 'fail'
  }
  return { ok: database === 'ok' && redis !== 'fail' && jobs === 'ok', checks: { database, redis, jobs } }
}

async function withTimeout(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([p, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))])
  } finally {
    clearTimeout(timer)
  }
}

/** The metrics are for this host's own tools (server/local-peer.server.ts), or for whoever holds the token. */
export function mayReadMetrics(req: express.Request, token: string | undefined): boolean {
  if (token && hasBearer(req.get('authorization'), token)) return true
  return isDirectLocalPeer(req)
}

function hasBearer(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (!m) return false
  // Compared as digests: equal lengths, and a constant time that tells nothing of the token's length.
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest()
  return crypto.timingSafeEqual(digest(m[1]), digest(token))
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const OWN = new Set(['healthz', 'readyz', 'metrics'])

/**
 * The request's route label: the React Router route id where it reaches one, else a fixed group (assets, media,
 * the public files at the root, these endpoints), else "other".
 */
function labeller(clientDir: string): (pathname: string) => string {
  const rootFiles = new Set(fs.existsSync(clientDir) ? fs.readdirSync(clientDir).filter((n) => n !== 'assets') : [])
  return (pathname) => {
    const first = pathname.split('/', 2)[1] ?? ''
    if (first === 'assets' || first === 'media') return first
    if (OWN.has(first) && pathname.length === first.length + 1) return first
    if (rootFiles.has(first)) return 'static'
    return routeIdFor(pathname) ?? 'other'
  }
}

function countRequests(clientDir: string): express.RequestHandler {
  const routeOf = labeller(clientDir)
  return (req, res, next) => {
    const start = process.hrtime.bigint()
    // Read now: a handler further on may rewrite req.url.
    const route = routeOf(req.path)
    const method = METHODS.has(req.method) ? req.method : 'other'
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9
      // A response cut off before its end (the client went away) is counted apart from the status it meant to send.
      const status = res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted'
      httpRequests.inc({ method, route, status })
      httpRequestDuration.observe({ method, route }, seconds)
    })
    next()
  }
}
