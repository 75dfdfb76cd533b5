/**
 * What one Web Push attempt came to. Delivery problems are returned, never thrown, so a job runner reads one value:
 * - 'ok': the push service accepted the message (201).
 * - 'gone': 404/410, the browser dropped the subscription: delete the row, never retry.
 * - 'failed' + retryable: 429, 408, 5xx, network or timeout: try again later with backoff, no sooner than
 *   retryAfterSeconds when the service sent Retry-After.
 * - 'failed' + not retryable: the same request would fail again (400, 413 or a payload over the limit, 401/403 for
 *   our VAPID key, a malformed or private-network subscription): drop the message; 'invalid-subscription' also
 *   means the row is useless. Only programming errors (bad VAPID keys, topic, urgency) throw.
 */
export type PushResult =
  | { outcome: 'ok' }
  | { outcome: 'gone'; status: number }
  | { outcome: 'failed'; retryable: boolean; reason: PushFailure; status?: number; retryAfterSeconds?: number }

export type PushFailure = 'rate-limited' | 'service-error' | 'network' | 'timeout' | 'payload-too-large' | 'unauthorized' | 'rejected' | 'invalid-subscription'

/** Maps the push service's answer (RFC 8030 section 5, RFC 8292 section 4) to a result. */
export function resultOfStatus(status: number, retryAfter?: string, now = Date.now()): PushResult {
  if (status >= 200 && status < 300) return { outcome: 'ok' }
  if (status === 404 || status === 410) return { outcome: 'gone', status }
  const wait = parseRetryAfter(retryAfter, now)
  const retryAfterSeconds = wait === undefined ? {} : { retryAfterSeconds: wait }
  if (status === 429) return { outcome: 'failed', retryable: true, reason: 'rate-limited', status, ...retryAfterSeconds }
  if (status === 408) return { outcome: 'failed', retryable: true, reason: 'timeout', status }
  if (status >= 500) return { outcome: 'failed', retryable: true, reason: 'service-error', status, ...retryAfterSeconds }
  if (status === 413) return { outcome: 'failed', retryable: false, reason: 'payload-too-large', status }
  if (status === 401 || status === 403) return { outcome: 'failed', retryable: false, reason: 'unauthorized', status }
  return { outcome: 'failed', retryable: false, reason: 'rejected', status }
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined
  const v = value.trim()
  if (/^\d+$/.test(v)) return Number(v)
  const at = / GMT$/.test(v) ? Date.parse(v) : NaN
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}
