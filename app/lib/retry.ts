/**
 * Retries of client API calls (spec section 7: "Requests retry up to 5 times with exponential delay").
 * Only what a retry can fix is retried: a network failure and a 5xx answer (503 while the database or Redis is
 * away, server/http-app.server.ts). A 4xx is the client's own problem and is never retried. A Retry-After header
 * is honoured when it asks for a reasonable wait; a longer one ends the retries.
 */
export const MAX_RETRIES = 5
export const RETRY_BASE_MS = 1_000
export const RETRY_MAX_DELAY_MS = 30_000
/** The longest Retry-After we wait for inside one call. */
export const RETRY_AFTER_MAX_MS = 60_000

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])

export type Outcome = { kind: 'network' } | { kind: 'response'; status: number; retryAfter?: string | null }

/**
 * Whether a failed attempt may be repeated. A POST may have been carried out before its answer got lost, so
 * unless the caller says it is idempotent it is repeated only on a 503, which the server sends before it has
 * done anything.
 */
export function isRetryable(outcome: Outcome, method = 'GET', idempotent = IDEMPOTENT.has(method.toUpperCase())): boolean {
  if (outcome.kind === 'network') return idempotent
  if (outcome.status === 503) return true
  return idempotent && outcome.status >= 500 && outcome.status <= 599
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null
  const v = value.trim()
  if (/^\d+$/.test(v)) return Number(v) * 1000
  // An HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would also take "-1" or "2026".
  if (!/^[A-Za-z]{3}, /.test(v)) return null
  const at = Date.parse(v)
  if (Number.isNaN(at)) return null
  return Math.max(0, at - now)
}

/**
 * The wait before retry number `retry` (1 = the first): 1 s, 2 s, 4 s, 8 s, 16 s (capped at 30 s), spread by
 * ±20 % so that many clients coming back after an outage do not all knock at once. A Retry-After wins.
 * Returns null when the server asks for a longer wait than one call should take.
 */
export function retryDelay(retry: number, opts: { retryAfter?: string | null; now?: number; random?: () => number } = {}): number | null {
  const asked = parseRetryAfter(opts.retryAfter, opts.now)
  if (asked !== null) return asked <= RETRY_AFTER_MAX_MS ? asked : null
  const base = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_MS * 2 ** Math.max(0, retry - 1))
  const spread = 0.8 + 0.4 * (opts.random ?? Math.random)()
  return Math.round(base * spread)
}

export interface RetryOptions {
  /** Retries after the first attempt (default 5). */
  retries?: number
  /** Treat the call as safe to repeat even if its method is not (e.g. a PUT-like POST with its own key). */
  idempotent?: boolean
  /** Replaceable for tests. */
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>
  random?: () => number
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError')
}

function sleepFor(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError())
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(t)
      reject(abortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * `fetch` with the retry policy above. Resolves with the last response (which may be a 5xx after the last
 * retry) and rejects with the last network error; an abort ends it at once.
 */
export async function fetchWithRetry(input: string | URL, init: RequestInit = {}, opts: RetryOptions & { fetch?: typeof fetch } = {}): Promise<Response> {
  const doFetch = opts.fetch ?? fetch
  const sleep = opts.sleep ?? sleepFor
  const retries = opts.retries ?? MAX_RETRIES
  const method = (init.method ?? 'GET').toUpperCase()
  const idempotent = opts.idempotent ?? IDEMPOTENT.has(method)
  for (let retry = 0; ; retry += 1) {
    let res: Response
    try {
      res = await doFetch(input, init)
    } catch (e) {
      if (init.signal?.aborted || (e as Error).name === 'AbortError') throw e
      if (retry >= retries || !isRetryable({ kind: 'network' }, method, idempotent)) throw e
      await sleep(retryDelay(retry + 1, { random: opts.random })!, init.signal)
      continue
    }
    if (res.ok || retry >= retries) return res
    const outcome: Outcome = { kind: 'response', status: res.status }
    if (!isRetryable(outcome, method, idempotent)) return res
    const wait = retryDelay(retry + 1, { retryAfter: res.headers.get('Retry-After'), random: opts.random })
    if (wait === null) return res
    // Free the connection of the answer we do not read.
    await res.body?.cancel().catch(() => {})
    await sleep(wait, init.signal)
  }
}
