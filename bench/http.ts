import autocannon, { type Result } from 'autocannon'

export interface HttpFigures {
  path: string
  requestsPerSec: number
  p50: number
  p99: number
  total: number
  non2xx: number
  errors: number
}

/** Fetches a page once as the viewer and checks that it is what we mean to measure. */
export async function checkPage(url: string, cookie: string, check: (html: string) => string | null): Promise<void> {
  const res = await fetch(url, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(10_000) })
  const html = await res.text()
  if (res.status !== 200) throw new Error(`${url}: expected 200, got ${res.status}`)
  const problem = check(html)
  if (problem) throw new Error(`${url}: ${problem}`)
}

export function countOccurrences(text: string, needle: string): number {
  let n = 0
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++
  return n
}

/** One autocannon run: `connections` keep-alive connections hammering one URL for `duration` seconds. */
export async function load(url: string, cookie: string, opts: { connections: number; duration: number }): Promise<Result> {
  return autocannon({ url, connections: opts.connections, duration: opts.duration, timeout: 10, headers: { cookie } })
}

export function figures(path: string, r: Result): HttpFigures {
  return {
    path,
    requestsPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  }
}
