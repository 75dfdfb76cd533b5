import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The HTTP proxy `npm run scan` puts between each scanner and the server (wapiti -p, sqlmap --proxy). Wapiti 3.0.4's
 * own exclusions (-x) crash on Python 3.11, and neither tool can leave out one form among several posting to the same
 * URL, so the requests that would end the member's session or account are refused here (see `refusal`). It also
 * counts what each tool sent and which requests the server answered with a 5xx, and gives every request its own
 * X-Forwarded-For address (the server trusts a loopback proxy, as behind nginx), so that per-address rate limits do
 * not turn the scan of a form into a scan of its 429 answer.
 */

/** Forms on /notifications that change the e-mail address or password, end every session or delete the account. */
const ACCOUNT_INTENTS = new Set(['email', 'password', 'logout_all', 'delete'])
/** Paths that end the session whatever the method (GET /api/logout.php does). */
const LOGOUT_PATHS = new Set(['/logout', '/api/logout.php', '/admin/logout'])

export interface GuardRules {
  /** Profile id of the other scanning member: blocking them would hide the resources the cross-member checks use. */
  partnerProfileId: number
  /** How many different paths of one shape (see `pathShape`) reach the server; for the rest the connection is closed. */
  samplesPerShape: number
}

/**
 * The shape of a path whose ids or names vary: /members/123/chat -> /members/:id/chat, /credits/xl/ideal ->
 * /credits/:bundle/:method, /media/x.webp -> /media/:file. A crawl of the member list finds two dozen profiles, each
 * with the same three forms, and every bundle with every payment method: a few of each test the same code as all of
 * them, and the time goes to the other forms. Null for paths that are not sampled.
 */
export function pathShape(path: string): string | null {
  if (/^\/(media|photo|i18n)\//.test(path)) return `/${path.split('/')[1]}/:file`
  if (/^\/credits\/[^/]+\/[^/]+$/.test(path) && path !== '/credits/repeat-order') return '/credits/:bundle/:method'
  const shape = path.replace(/\/\d+(?=\/|$)/g, '/:id')
  return shape === path ? null : shape
}

/** Why a request must not reach the server, or null when it may. `body` is the raw request body. */
export function refusal(method: string, path: string, contentType: string, body: string, rules: GuardRules): string | null {
  if (LOGOUT_PATHS.has(path)) return 'logout'
  if (method === 'GET' || method === 'HEAD') return null
  const intent = intentOf(contentType, body)
  if (path === '/notifications' && intent !== null && ACCOUNT_INTENTS.has(intent)) return `account ${intent}`
  if ((path === `/members/${rules.partnerProfileId}` || path === `/likes/m/${rules.partnerProfileId}`) && intent === 'block')
    return 'block of the other scanning member'
  return null
}

/** The `intent` field of a url-encoded, multipart or JSON body (the codebase tells forms on one page apart by it). */
export function intentOf(contentType: string, body: string): string | null {
  if (contentType.includes('multipart/form-data')) {
    const m = /name="intent"\r?\n\r?\n([^\r\n]*)/.exec(body)
    return m ? m[1] : null
  }
  if (contentType.includes('json')) {
    try {
      const v = (JSON.parse(body) as { intent?: unknown }).intent
      return typeof v === 'string' ? v : null
    } catch {
      return null
    }
  }
  return new URLSearchParams(body).get('intent')
}

export interface GuardStats {
  requests: number
  refused: Record<string, number>
  byStatus: Record<string, number>
  /** Requests answered 5xx: "METHOD /path" -> count (path without the query). */
  serverErrors: Record<string, number>
}

export interface GuardProxy {
  url: string
  stats: GuardStats
  close(): Promise<void>
}

/**
 * Starts the proxy on a free loopback port. Only `allowedOrigins` are reached (the server, the local SSRF endpoint);
 * anything else (a scanner's call home, an external URL) is answered 502 without a connection.
 */
export async function startGuardProxy(allowedOrigins: string[], rules: GuardRules): Promise<GuardProxy> {
  const stats: GuardStats = { requests: 0, refused: {}, byStatus: {}, serverErrors: {} }
  const sampled = new Map<string, Set<string>>()
  const inSample = (path: string): boolean => {
    const shape = pathShape(path)
    if (!shape || path.split('/').includes(String(rules.partnerProfileId))) return true
    const seen = sampled.get(shape) ?? new Set<string>()
    sampled.set(shape, seen)
    if (seen.has(path)) return true
    if (seen.size >= rules.samplesPerShape) return false
    seen.add(path)
    return true
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
  let counter = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      let target: URL
      try {
        target = new URL(req.url ?? '/', allowedOrigins[0])
      } catch {
        res.writeHead(400).end()
        return
      }
      if (!allowedOrigins.includes(target.origin)) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('outside the scan')
        return
      }
      stats.requests++
      const method = req.method ?? 'GET'
      const why = refusal(method, target.pathname, String(req.headers['content-type'] ?? ''), body.toString('latin1'), rules)
      if (why) {
        stats.refused[why] = (stats.refused[why] ?? 0) + 1
        res.writeHead(403, { 'content-type': 'text/plain' }).end(`left out of the scan: ${why}`)
        return
      }
      if (!inSample(target.pathname)) {
        // The connection is closed without an answer: wapiti's crawler skips a URL it could not fetch, while one
        // answered (even 404) is kept and attacked with every payload, which took the modules' whole time.
        stats.refused['sampled out'] = (stats.refused['sampled out'] ?? 0) + 1
        req.socket.destroy()
        return
      }
      const headers = { ...req.headers }
      delete headers['proxy-connection']
      delete headers['connection']
      delete headers['keep-alive']
      counter = (counter + 1) % 65_536
      headers['x-forwarded-for'] = `10.77.${counter >> 8}.${counter & 255}`
      headers['content-length'] = String(body.length)
      delete headers['transfer-encoding']
      const up = http.request({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent }, (upRes) => {
        const status = upRes.statusCode ?? 502
        stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1
        if (status >= 500) {
          const key = `${method} ${target.pathname}`
          stats.serverErrors[key] = (stats.serverErrors[key] ?? 0) + 1
        }
        const out = { ...upRes.headers }
        delete out['connection']
        delete out['keep-alive']
        delete out['transfer-encoding']
        res.writeHead(status, out)
        upRes.pipe(res)
      })
      up.on('error', () => {
        stats.byStatus.error = (stats.byStatus.error ?? 0) + 1
        if (!res.headersSent) res.writeHead(502).end()
        else res.destroy()
      })
      up.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
