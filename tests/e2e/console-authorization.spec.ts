import type { APIRequestContext, APIResponse } from '@playwright/test'
import { consoleRoutes } from '../authorization/console-routes'
import { can } from '#app/features/console/operators/permissions'
import { expect, test } from './fixtures'

// Issue 13, section 5: the authorization matrix. Every console page and action × every role: allowed or 403;
// visitors and members are sent to the console login (pages) or get 401 (console API), whatever they ask.
const roles = ['admin', 'moderator', 'support'] as const

// Ids in paths are a demo member's (1): the permission is checked before anything is looked up.
function call(api: APIRequestContext, route: (typeof consoleRoutes)[number], origin: string): Promise<APIResponse> {
  const path = route.path.replace(/:id\b/g, '1')
  if (route.method === 'GET') return api.get(path, { maxRedirects: 0 })
  return api.post(path, { form: route.intent ? { intent: route.intent } : {}, headers: { Origin: origin }, maxRedirects: 0 })
}

const refusedToLogin = (r: APIResponse) => (r.status() === 302 || r.status() === 303) && /\/admin\/login$/.test(r.headers()['location'] ?? '')

test('each role reaches exactly what its permissions allow', async ({ operatorPage, baseURL }) => {
  for (const role of roles) {
    const page = await operatorPage(role)
    for (const route of consoleRoutes) {
      const res = await call(page.request, route, baseURL!)
      const label = `${role} ${route.method} ${route.path} ${route.intent ?? ''}`
      if (can(role, route.permission)) {
        expect([401, 403], label).not.toContain(res.status())
        expect(refusedToLogin(res), label).toBe(false)
        expect(res.status(), label).toBeLessThan(500)
      } else {
        expect(res.status(), label).toBe(403)
      }
    }
  }
})

test('visitors and members are refused everywhere under /admin', async ({ page, annaPage, baseURL }) => {
  for (const [who, api] of [
    ['visitor', page.request],
    ['member', annaPage.request],
  ] as const) {
    for (const route of consoleRoutes) {
      const res = await call(api, route, baseURL!)
      const label = `${who} ${route.method} ${route.path}`
      if (route.path.startsWith('/admin/api/')) expect(res.status(), label).toBe(401)
      else expect(refusedToLogin(res), `${label}: ${res.status()} ${res.headers()['location']}`).toBe(true)
    }
  }
})
