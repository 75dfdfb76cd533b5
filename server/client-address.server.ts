import type http from 'node:http'
import proxyaddr from 'proxy-addr'

/** Which hops may name the client: a hop count or addresses/CIDRs/names (TRUST_PROXY, app/lib/env.server.ts). */
export type TrustProxy = number | readonly string[]

export type TrustFn = (addr: string, hop: number) => boolean

/**
 * TRUST_PROXY as one function, given to Express as its `trust proxy` (req.ip) and used by anything that reads a
 * client address outside Express (clientAddress): one rule, parsed once by proxy-addr, Express's own parser. A
 * hop count trusts that many proxies in front of this process, whatever their addresses, as Express does.
 */
export function compileTrustProxy(trust: TrustProxy): TrustFn {
  if (typeof trust === 'number') return (_addr, hop) => hop < trust
  return proxyaddr.compile([...trust])
}

/** The client's address under the rule: the TCP peer, or what trusted proxies say in X-Forwarded-For. */
export function clientAddress(req: http.IncomingMessage, trust: TrustFn): string {
  return proxyaddr(req, trust)
}
