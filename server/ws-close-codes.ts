/**
 * WebSocket close codes the hub uses (RFC 6455 section 7.4.1). The `ws` library itself closes with 1009 (frame over
 * maxPayload), 1007 (text that is not UTF-8) and 1002 (a malformed or out-of-order frame); the hub adds the rest.
 */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  unsupportedData: 1003,
  invalidPayload: 1007,
  policyViolation: 1008,
  tooBig: 1009,
  serverError: 1011,
  /** The process is restarting (graceful shutdown): the client reconnects at once, to another process. */
  serviceRestart: 1012,
  tryAgainLater: 1013,
  /** Application code: the session ended; the client must not reconnect (realtime-provider.tsx). */
  sessionEnded: 4401,
  /**
   * Application code: the member opened more sockets than the cap (server/ws-socket-registry.server.ts) and this,
   * their oldest, was closed for the newest. The client waits until its tab is looked at again before it
   * reconnects, and polls meanwhile (realtime-provider.tsx), so that tabs do not take the socket from each other.
   */
  tooManySockets: 4429,
} as const
