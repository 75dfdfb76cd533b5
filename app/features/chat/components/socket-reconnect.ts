/**
 * What the client does after its socket closed, by close code (server/ws-close-codes.ts):
 * - 'stop': the session ended (4401); the page will send the member to the login.
 * - 'soon': the server is restarting (1001, 1012): reconnect at once, to another process.
 * - 'when-visible': the member opened more sockets than the cap and this tab's, the oldest, was closed for a newer
 *   one (4429). Reconnecting now would close another tab's in turn, and so on without end: this tab polls instead
 *   and takes a socket again once the member looks at it (visibilitychange).
 * - 'backoff': anything else (a network failure, a server error): reconnect with growing delays.
 */
export type AfterClose = 'stop' | 'soon' | 'when-visible' | 'backoff'

export const SESSION_ENDED = 4401
export const TOO_MANY_SOCKETS = 4429
const RESTART_CODES = new Set([1001, 1012])

export function afterClose(code: number): AfterClose {
  if (code === SESSION_ENDED) return 'stop'
  if (code === TOO_MANY_SOCKETS) return 'when-visible'
  if (RESTART_CODES.has(code)) return 'soon'
  return 'backoff'
}
