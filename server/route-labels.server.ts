/**
 * Names a request path by the React Router route it reaches (`members-id`, `api-chat`, `not-found`), for the
 * request metrics (server/ops-endpoints.server.ts): a bounded set of labels, where the raw path with its ids
 * would grow the metric series without end. Matches like React Router ranks routes (static segments before
 * dynamic ones before a splat), closely enough for a label; React Router itself still decides what answers.
 */

export interface RouteEntry {
  id: string
  parentId?: string
  path?: string
  index?: boolean
}

interface Compiled {
  id: string
  pattern: RegExp
  score: number
  order: number
}

/** The route table of the server build (build.routes); returns a function from a path to a route id or null. */
export function compileRouteLabels(routes: Record<string, RouteEntry | undefined>): (pathname: string) => string | null {
  const entries = Object.values(routes).filter((r): r is RouteEntry => !!r)
  const byId = new Map(entries.map((r) => [r.id, r]))
  const fullPath = (r: RouteEntry): string => {
    const parent = r.parentId ? byId.get(r.parentId) : undefined
    const own = (r.path ?? '').replace(/^\/+|\/+$/g, '')
    const base = parent ? fullPath(parent) : ''
    return [base, own].filter(Boolean).join('/')
  }
  // A route answers a path when it has one of its own or is an index; pathless layouts only wrap their children.
  const leaves = entries.filter((r) => r.index || (r.path !== undefined && r.path !== ''))
  const compiled: Compiled[] = []
  leaves.forEach((r, order) => {
    for (const variant of explodeOptional(fullPath(r))) compiled.push({ id: r.id, pattern: toPattern(variant), score: scoreOf(variant, !!r.index), order })
  })
  compiled.sort((a, b) => b.score - a.score || a.order - b.order)

  const cache = new Map<string, string | null>()
  return (pathname) => {
    const path = normalise(pathname)
    const known = cache.get(path)
    if (known !== undefined) return known
    const id = compiled.find((c) => c.pattern.test(path))?.id ?? null
    // Paths with ids are many: the cache is emptied when full rather than kept in order.
    if (cache.size >= 2000) cache.clear()
    cache.set(path, id)
    return id
  }
}

/** Without slashes at either end; a single-fetch data request (`/members/12.data`, `/_root.data`) is its page's. */
function normalise(pathname: string): string {
  let p = pathname.replace(/^\/+|\/+$/g, '')
  if (p === '_root.data') return ''
  if (p.endsWith('.data')) p = p.slice(0, -'.data'.length)
  return p
}

/** `a/:b?/c?` becomes `a`, `a/:b`, `a/c`, `a/:b/c`, as React Router expands optional segments. */
function explodeOptional(path: string): string[] {
  const segments = path ? path.split('/') : []
  let variants: string[][] = [[]]
  for (const s of segments) {
    if (s.endsWith('?')) {
      const required = s.slice(0, -1)
      variants = variants.flatMap((v) => [v, [...v, required]])
    } else {
      variants = variants.map((v) => [...v, s])
    }
  }
  return variants.map((v) => v.join('/'))
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function toPattern(path: string): RegExp {
  if (!path) return /^$/
  const parts = path.split('/').map((s) => (s === '*' ? '.*' : s.startsWith(':') ? '[^/]+' : escape(s)))
  // A splat also matches nothing after its parent (`api/*` answers `/api`).
  const prefix = parts.slice(0, -1).join('/')
  const source = parts.at(-1) !== '.*' ? parts.join('/') : prefix ? `${prefix}(?:/.*)?` : '.*'
  return new RegExp(`^${source}$`, 'i')
}

// React Router's weights (packages/react-router/lib/router/utils.ts, computeScore).
function scoreOf(path: string, index: boolean): number {
  const segments = path ? path.split('/') : []
  let score = segments.length + (index ? 2 : 0)
  if (segments.includes('*')) score -= 2
  for (const s of segments) score += s === '*' ? 0 : s.startsWith(':') ? 3 : s === '' ? 1 : 10
  return score
}

let labelOf: ((pathname: string) => string | null) | undefined

/** Given once at start with the server build's routes (server/app.ts). */
export function setRouteTable(routes: Record<string, RouteEntry | undefined>): void {
  labelOf = compileRouteLabels(routes)
}

/** The route id for a path, or null when no route table was given (tests of the Express layer alone). */
export function routeIdFor(pathname: string): string | null {
  return labelOf ? labelOf(pathname) : null
}
