import crypto from 'node:crypto'
import { logger } from './logger.server'
import { currentKey } from './keys.server'

/**
 * The vocabulary of security events (issue 24, point 16): one structured log line each, `{ event, ...ids }`, at
 * info level (warn for refusals and limits). What a line may carry is typed below: ids, counts and short codes
 * from this code, never an e-mail address, a name, a token or an address in clear (docs/security.md "Logs").
 */
export type SecurityEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.locked'
  | 'login.refused'
  | 'login.second_factor_asked'
  | 'login.second_factor_failed'
  | 'password.changed'
  | 'password.change_refused'
  | 'password_reset.requested'
  | 'password_reset.completed'
  | 'password_reset.invalid'
  | 'email_change.requested'
  | 'email_change.refused'
  | 'email_change.confirmed'
  | 'email_change.reverted'
  | 'sessions.revoked'
  | 'account.restriction_kept'
  | 'authorization.refused'
  | 'rate_limit.hit'

export interface SecurityFields {
  userId?: number | null
  operatorId?: number | null
  /** A short code of this code's own vocabulary (a refusal reason, a revocation reason). */
  reason?: string
  /** A route id (app/routes.ts), never a path with ids or queries in it. */
  route?: string | null
  status?: number
  limiter?: string
  sessions?: number
  /** A keyed hash of a client address or limiter key (clientKey below): the same client reads the same, nothing more. */
  client?: string
}

const WARN: ReadonlySet<SecurityEvent> = new Set([
  'login.failed',
  'login.locked',
  'login.refused',
  'login.second_factor_failed',
  'password.change_refused',
  'password_reset.invalid',
  'email_change.refused',
  'authorization.refused',
  'rate_limit.hit',
])

/**
 * A keyed hash of a client address (or any limiter key that may be one), 16 hex characters: lines of one client
 * can be told apart and counted, and the address cannot be read back or confirmed without the site's secret.
 */
export function clientKey(value: string): string {
  return crypto.createHmac('sha256', currentKey('log-client').key).update(value).digest('hex').slice(0, 16)
}

/** Writes one security event. Fields left undefined are left out. */
export function securityLog(event: SecurityEvent, fields: SecurityFields = {}): void {
  const line: Record<string, unknown> = { event }
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) line[k] = v
  logger[WARN.has(event) ? 'warn' : 'info'](line, 'security event')
}
