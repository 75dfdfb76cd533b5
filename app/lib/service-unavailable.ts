// Errors that mean a backing service (PostgreSQL, Redis) is away for the moment, not that the request is wrong:
// the answer is 503 with Retry-After, and the next request may well succeed once the connection is back.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shutdown, cannot connect now), 53300 (too many connections).
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection is closed/i,
  /enableOfflineQueue options is false/i,
  /Reached the max retries per request limit/i,
]

/** True when `err` (or an error it wraps, as Drizzle does in `cause`) says a backing service is unreachable. */
export function isServiceUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true
  }
  return false
}

export const RETRY_AFTER_S = 5
