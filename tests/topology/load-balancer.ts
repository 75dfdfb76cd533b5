import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'

/**
 * A load balancer in front of nginx, as a cloud one works: it appends the address of whoever connected to it to
 * X-Forwarded-For (keeping what the visitor sent before it) and passes the request on over https, from its own
 * address. The internet is played on loopback: `visitors` says which public address each loopback source
 * address stands for (127.0.0.2 is a visitor in the Netherlands ...). Plain requests only, no WebSocket.
 */
export async function startLoadBalancer(opts: { port: number; target: { host: string; port: number }; ownAddress: string; visitors: Record<string, string> }) {
  const server = http.createServer((req, res) => {
    const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
    const visitor = opts.visitors[peer]
    if (!visitor) return void res.writeHead(502).end(`no visitor plays ${peer}`)
    const before = req.headers['x-forwarded-for']
    const headers = { ...req.headers, 'x-forwarded-for': before ? `${String(before)}, ${visitor}` : visitor }
    const upstream = https.request(
      { host: opts.target.host, port: opts.target.port, path: req.url, method: req.method, headers, localAddress: opts.ownAddress, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
