import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for wapiti's SSRF endpoint (by default wapiti3.ovh, out of reach here): wapiti's ssrf module puts
 * URLs of the form {endpoint}ssrf/{session}/{request id}/{hex parameter}/ into every parameter, then asks
 * {endpoint}get_ssrf.php?id={session} which of them the server fetched (wapitiCore/attack/mod_ssrf.py). A hit here
 * means the server made a request to a URL taken from input.
 */
export interface SsrfEndpoint {
  url: string
  /** Requests the server made to the endpoint. */
  hits: number
  close(): Promise<void>
}

type Hits = Record<string, Record<string, Record<string, { url: string; date: string; ip: string; method: string; size: number }[]>>>

export async function startSsrfEndpoint(): Promise<SsrfEndpoint> {
  const seen: Hits = {}
  const endpoint: SsrfEndpoint = { url: '', hits: 0, close: async () => {} }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const m = /^\/ssrf\/([^/]+)\/(\d+)\/([0-9a-f]+)\//.exec(url.pathname)
    if (m) {
      const [, session, requestId, hexParam] = m
      endpoint.hits++
      const bySession = (seen[session] ??= {})
      const byRequest = (bySession[requestId] ??= {})
      ;(byRequest[hexParam] ??= []).push({
        url: url.pathname,
        date: new Date().toISOString(),
        ip: req.socket.remoteAddress ?? '',
        method: req.method ?? 'GET',
        size: 0,
      })
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (url.pathname === '/get_ssrf.php') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen[url.searchParams.get('id') ?? ''] ?? {}))
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  endpoint.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return endpoint
}
