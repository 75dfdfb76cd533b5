import { performance } from 'node:perf_hooks'
import type { RequestHandler, Response } from 'express'
import { withQueryTally, type QueryTally } from '#db/query-tally.server'

/**
 * `Server-Timing` on every reply (issue 26): `db` is the wall time this request waited on the database and how many
 * statements it sent, `app` the rest of the time until the headers went out (routing, loaders' own work, rendering
 * up to the first byte). Browsers show it in their network panel; the bench reads it. Durations only, nothing of
 * the member.
 */
export const serverTiming: RequestHandler = (_req, res, next) => {
  withQueryTally((tally) => {
    const start = performance.now()
    beforeHeaders(res, () => {
      if (!res.headersSent) res.setHeader('Server-Timing', timingHeader(tally, performance.now() - start))
    })
    next()
  })
}

export function timingHeader(tally: QueryTally, totalMs: number): string {
  const db = tally.dbMs + (tally.running > 0 ? performance.now() - tally.since : 0)
  const app = Math.max(0, totalMs - db)
  return `db;dur=${db.toFixed(1)};desc="${tally.statements} statements", app;dur=${app.toFixed(1)}, total;dur=${totalMs.toFixed(1)}`
}

// Called once, just before the status line and headers are written, whoever writes them (Express, React Router's
// stream, the compression middleware): as the `on-headers` package does, by wrapping this reply's writeHead.
function beforeHeaders(res: Response, listener: () => void) {
  const writeHead = res.writeHead
  let fired = false
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!fired) {
      fired = true
      listener()
    }
    return writeHead.apply(this, args)
  } as Response['writeHead']
}
