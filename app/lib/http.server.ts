import { serializeCookie } from './cookies'
import { env } from './env.server'
import { idValue } from './form-fields'

/** Cookies are Secure when the public URL is https (behind TLS in production). */
export function cookieIsSecure(): boolean {
  return (env().PUBLIC_URL ?? '').startsWith('https://')
}

export function setCookieHeader(name: string, value: string, maxAge: number, httpOnly = true): string {
  return serializeCookie(name, value, { maxAge, httpOnly, secure: cookieIsSecure(), sameSite: 'Lax' })
}

export function clearCookieHeader(name: string): string {
  return serializeCookie(name, '', { maxAge: 0, httpOnly: true, secure: cookieIsSecure(), sameSite: 'Lax' })
}

export function notFound(): Response {
  return new Response('Not Found', { status: 404 })
}

/** Parses a positive integer route parameter, or throws a 404 (failed route validation, spec section 8). */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw notFound()
  const n = Number(value)
  if (n <= 0) throw notFound()
  return n
}

/** The header of a 429 answer: when the client may try again (RFC 9110 section 10.2.3). */
export function retryAfterHeader(seconds: number): { 'Retry-After': string } {
  return { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) }
}

/** The 400 for a posted id that is not one (also when a feature found it so, after its write token). */
export const notAnId = () => new Response('Bad Request: not an id', { status: 400 })

/**
 * Parses a positive integer id posted in a form field, or throws a 400. A missing or non-numeric id must not reach a
 * query: NaN for an integer column made PostgreSQL fail it, a 500 (found by `npm run scan`, docs/security.md).
 */
export function formId(value: FormDataEntryValue | null): number {
  const id = idValue(value)
  if (id === null) throw notAnId()
  return id
}
