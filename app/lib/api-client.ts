import { fetchWithRetry, type RetryOptions } from './retry'

/**
 * Spec section 8: a JSON call answered 403 with authentication_required means the session is gone; the client
 * logs out (here: goes to the login page, which comes back afterwards) and the call resolves false.
 */
export function isAuthenticationRequired(status: number, body: unknown): boolean {
  return status === 403 && !!body && typeof body === 'object' && (body as { error?: unknown }).error === 'authentication_required'
}

export function logoutOnAuthRequired(status: number, body: unknown): boolean {
  if (!isAuthenticationRequired(status, body)) return false
  const back = location.pathname + location.search
  location.assign(`/login?redirectTo=${encodeURIComponent(back)}`)
  return true
}

/**
 * A call to the site's own JSON API (/api/*.php, spec section 7) with the retry policy of lib/retry.ts: network
 * failures and 5xx answers are retried up to 5 times with exponential delay, 4xx never.
 */
export function apiFetch(input: string, init: RequestInit = {}, retry: RetryOptions = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (!headers.has('Accept')) headers.set('Accept', 'application/json')
  return fetchWithRetry(input, { credentials: 'same-origin', ...init, headers }, retry)
}

export type ApiResult<T> = { ok: boolean; status: number; body: T | null }

/**
 * apiFetch plus the JSON body. Resolves false when the session is gone (the page then goes to the login, spec
 * section 8: "on a non-user call"; GET /api/user.php answers a visitor with user: null instead). Rejects only
 * when the network stayed down through all retries, or on an abort.
 */
export async function apiJson<T>(input: string, init: RequestInit = {}, retry: RetryOptions = {}): Promise<ApiResult<T> | false> {
  const res = await apiFetch(input, init, retry)
  const body = (await res.json().catch(() => null)) as T | null
  if (!input.startsWith('/api/user.php') && logoutOnAuthRequired(res.status, body)) return false
  return { ok: res.ok, status: res.status, body }
}
