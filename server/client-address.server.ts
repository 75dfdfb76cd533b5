import proxyaddr from 'proxy-addr'

/** Which hops may name the client: a hop count or addresses/CIDRs/names (TRUST_PROXY, app/lib/env.server.ts). */
export type TrustProxy = number | readonly string[]

export type TrustFn = (addr: string, hop: number) => boolean

/**
 * TRUST_PROXY as one function, given to Express as its `trust proxy` (req.ip, which every reader of the client's
 * address uses: rate limits, country, entry warning, page cache). Anything that ever needs the address outside
 * Express (the socket upgrade has none today) takes `proxyaddr(req, compileTrustProxy(…))`: one rule, parsed by
 * proxy-addr, Express's own parser. A hop count trusts that many proxies in front of this process, whatever their
 * addresses, as Express does.
 */
export function compileTrustProxy(trust: TrustProxy): TrustFn {
  if (typeof trust === 'number') return (_addr, hop) => hop < trust
  return proxyaddr.compile([...trust])
}
