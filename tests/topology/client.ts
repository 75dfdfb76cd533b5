import http from 'node:http'
import https from 'node:https'

// A visitor's HTTP client for the topology test: one new connection per request (so that nginx chooses a process
// for each), from a chosen loopback source address (127.0.0.2, 127.0.0.3 ... play different visitors), over TLS
// checked against the test's certificate (NODE_EXTRA_CA_CERTS, tests/topology/global-setup.ts).

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  json<T = unknown>(): T
}

export function call(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string } = {}): Promise<Answer> {
  const u = new URL(url)
  const lib = u.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: opts.method ?? 'GET',
        headers: { ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
        agent: false,
        localAddress: opts.from,
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body.toString('utf8')) as T })
        })
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer within 15 s`)))
    req.on('error', reject)
    req.end(opts.body)
  })
}
