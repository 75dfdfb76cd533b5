import type { IncomingMessage } from 'node:http'

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/

/**
 * Whether the request comes from this host's own tools, straight: the TCP peer is loopback and no proxy forwarded it.
 * Not req.ip: with `trust proxy` set, req.ip is whatever a trusted peer writes in X-Forwarded-For. And a reverse proxy
 * on this host connects from loopback for every visitor, so a request that carries a forwarding header came through
 * a proxy and is not local, whatever its peer. Used by /metrics (ops-endpoints.server.ts) and /dev/outbox (through
 * the load context's `directLocalPeer`).
 */
export function isDirectLocalPeer(req: Pick<IncomingMessage, 'socket' | 'headers'>): boolean {
  if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) return false
  const h = req.headers
  return h['x-forwarded-for'] === undefined && h.forwarded === undefined && h['x-real-ip'] === undefined
}
