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
