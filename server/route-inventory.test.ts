import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { consoleRoutes } from '../tests/authorization/console-routes'
import routes from '#app/routes'
import { consoleOpenRoutes, memberRoutes } from '../tests/authorization/member-routes'

// The authorization matrix (server/authorization-matrix.test.ts) must reach every route there is: a route added to
// app/routes.ts without a case in tests/authorization/member-routes.ts (or, under /admin, in the console's list
// app/features/console/operators/console-routes.ts) fails here, and so is never left out of the matrix.

type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] }
const config = routes as Entry[]

function toRouteObjects(entries: Entry[]): RouteObject[] {
  return entries.map((e) => (e.index ? { id: e.id, index: true } : { id: e.id, path: e.path, children: e.children ? toRouteObjects(e.children) : undefined }))
}

function leafIds(entries: Entry[]): string[] {
  return entries.flatMap((e) => (e.children?.length ? leafIds(e.children) : e.id ? [e.id] : []))
}

/** The route a case's address reaches, with every placeholder as a sample id. */
function routeOf(path: string): string | undefined {
  const pathname = path
    .replace(/\{\w+\}/g, '1')
    .replace(/:id\b/g, '1')
    .split('?')[0]
  return matchRoutes(toRouteObjects(config), pathname)?.at(-1)?.route.id
}

const casePaths = [...memberRoutes, ...consoleOpenRoutes].map((c) => c.path).concat(consoleRoutes.map((r) => r.path))

describe('the route inventory of the authorization matrix', () => {
  it('reaches every route of app/routes.ts', () => {
    const reached = new Set(casePaths.map(routeOf))
    expect(leafIds(config).filter((id) => !reached.has(id))).toEqual([])
  })

  it('asks only addresses that are routes', () => {
    expect(casePaths.filter((p) => !routeOf(p))).toEqual([])
  })

  it('can fail: a route nobody asks for is found', () => {
    const extra: Entry = { id: 'members-id-secret', path: 'members/:id/secret' }
    const withExtra = [...config, extra]
    const reached = new Set(casePaths.map((p) => matchRoutes(toRouteObjects(withExtra), p.replace(/\{\w+\}/g, '1').split('?')[0])?.at(-1)?.route.id))
    expect(leafIds(withExtra).filter((id) => !reached.has(id))).toEqual(['members-id-secret'])
  })
})
