import type http from 'node:http'
import { logger } from '#app/lib/logger.server'
import { markShuttingDown } from './shutdown-state'

// How long requests under way may take to finish before their connections are cut. Within the supervisor's
// STOP_GRACE_MS (server/supervisor.js) with room for closing the database.
const HTTP_GRACE_MS = 10_000
const IDLE_SWEEP_MS = 100

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref())

interface Closable {
  server: http.Server
  hub: { close(): Promise<void> }
  services: { stopJobs(): Promise<void>; close(): Promise<void> }
}

/**
 * The graceful stop of one process (SIGTERM; decision record 023): stop accepting, let the requests under way
 * finish, close idle keep-alive connections, close the sockets with a reconnect hint, let the jobs under way
 * finish, then close the bus and the database. Nothing acknowledged is lost: a message is acknowledged only once it
 * is committed, and a client re-sends what was not acknowledged after it reconnects.
 */
export async function gracefulClose({ server, hub, services }: Closable, opts: { httpGraceMs?: number } = {}): Promise<void> {
  const started = Date.now()
  markShuttingDown()
  // Every answer from now on ends its connection: a keep-alive client opens a new one, which reaches another
  // process. Prepended, so the header is set before the app writes the answer.
  server.prependListener('request', (_req, res) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
  })
  const httpDone = new Promise<void>((resolve) => server.close(() => resolve()))
  // Node closes the connections that are idle now; those that finish a request later are swept up as they do.
  server.closeIdleConnections()
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
  const sockets = hub.close().then(() => logger.info({ ms: Date.now() - started }, 'shutdown: sockets closed'))
  const jobs = services.stopJobs().then(() => logger.info({ ms: Date.now() - started }, 'shutdown: jobs stopped'))
  const inTime = await Promise.race([httpDone.then(() => true), sleep(opts.httpGraceMs ?? HTTP_GRACE_MS).then(() => false)])
  clearInterval(sweep)
  logger.info({ ms: Date.now() - started, inTime }, 'shutdown: requests finished')
  if (!inTime) {
    logger.warn('requests still under way at the end of the grace period: cutting them')
    server.closeAllConnections()
  }
  await Promise.all([sockets, jobs])
  await services.close()
  logger.info({ ms: Date.now() - started }, 'stopped gracefully')
}
