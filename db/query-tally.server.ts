import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import { performance } from 'node:perf_hooks'

/**
 * What one request asked of the database (issue 26): how many statements, and how long it waited on the database
 * as wall time (statements run side by side count once). The HTTP layer opens a tally per request and reports it in
 * the `Server-Timing` header; a statement outside any request (jobs, the socket hub) is not counted.
 */
export interface QueryTally {
  statements: number
  /** Wall milliseconds with at least one statement of this request under way. */
  dbMs: number
  running: number
  since: number
}

const tallies = new AsyncLocalStorage<QueryTally>()

export function withQueryTally<T>(run: (tally: QueryTally) => T): T {
  const tally: QueryTally = { statements: 0, dbMs: 0, running: 0, since: 0 }
  return tallies.run(tally, () => run(tally))
}

/**
 * Counts a statement of the current request, if any: call at the moment it is sent, and the returned function
 * when it has finished (both from the request's own context, or the function captured there).
 */
export function startStatement(): (() => void) | undefined {
  const tally = tallies.getStore()
  if (!tally) return undefined
  tally.statements++
  if (tally.running++ === 0) tally.since = performance.now()
  let finished = false
  return () => {
    if (finished) return
    finished = true
    if (--tally.running === 0) tally.dbMs += performance.now() - tally.since
  }
}

/** Counts a statement of the current request, if any, while its promise runs. */
export function tallied<T>(result: Promise<T>): Promise<T> {
  const done = startStatement()
  if (done) result.then(done, done)
  return result
}

// A connection keeps at most this many named statements: texts that vary without end (lists of ids written out)
// would otherwise grow the server's memory per connection. Past it, statements go unnamed as before.
const MAX_NAMED_PER_CONNECTION = 2000

/**
 * The name a statement is prepared under on a connection: the same text always gets the same name, so each
 * connection parses and plans it once and later requests only bind and execute it (PostgreSQL's plan cache).
 * Statements without parameters stay unnamed: they may hold several commands (migrations), which only the simple
 * protocol runs.
 */
export function statementName(text: string, values: readonly unknown[] | undefined, namedSoFar: number): string | undefined {
  if (!values || values.length === 0 || namedSoFar >= MAX_NAMED_PER_CONNECTION) return undefined
  let name = names.get(text)
  if (name === undefined) {
    name = `s_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
    // Remembered per process (a hash per statement showed in the chat's profile, issue 26); the texts an app sends
    // are few, and a pathological caller only empties the memo.
    if (names.size >= MAX_NAMED_PER_CONNECTION) names.clear()
    names.set(text, name)
  }
  return name
}

const names = new Map<string, string>()
