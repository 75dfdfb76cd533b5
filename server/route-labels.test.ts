import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import routes from '../app/routes'
import { compileRouteLabels, type RouteEntry } from './route-labels.server'

/** The route table as the server build hands it over (build.routes): flat, with parent ids, under "root". */
function manifestOf(entries: RouteConfigEntry[], parentId = 'root', out: Record<string, RouteEntry> = { root: { id: 'root', path: '' } }) {
  for (const e of entries) {
    const id = e.id ?? e.file.replace(/\.tsx?$/, '')
    out[id] = { id, parentId, path: e.path, index: e.index }
    if (e.children) manifestOf(e.children, id, out)
  }
  return out
}

describe('route labels for the request metrics', () => {
  const labelOf = compileRouteLabels(manifestOf(routes))

  it('names a path by the route of app/routes.ts that answers it, ranked as React Router ranks', () => {
    const cases: [string, string][] = [
      ['/', 'index'],
      ['/_root.data', 'index'],
      ['/members', 'members'],
      ['/members/', 'members'],
      ['/members/12', 'members-id'],
      ['/members/12.data', 'members-id'],
      ['/members/12/chat', 'members-id-chat'],
      ['/members/12/landing2', 'members-id-landing2'],
      ['/members/12/landing2/some-slug', 'members-id-landing2'],
      ['/likes/m/5', 'likes-m-id'],
      ['/likes/received', 'likes-type'],
      ['/credits/repeat-order', 'credits-repeat-order'],
      ['/credits/7', 'credits-id-paymentmethod'],
      ['/credits/7/ideal', 'credits-id-paymentmethod'],
      ['/pages/terms', 'pages-terms'],
      ['/pages/anything', 'pages-token'],
      ['/landers/gallery', 'landers-gallery'],
      ['/api/chat.php', 'api-chat'],
      ['/api/no-such.php', 'api-not-found'],
      ['/admin', 'admin'],
      ['/admin/members/3/export', 'admin-members-id-export'],
      ['/admin/nothing', 'admin-not-found'],
      ['/admin/api/x/y', 'admin-api-not-found'],
      ['/i18n/en-site-abc.js', 'i18n-bundle'],
      ['/webhooks/payments/mollie', 'webhooks-payments'],
      ['/no/such/page', 'not-found'],
    ]
    for (const [path, id] of cases) expect([path, labelOf(path)]).toEqual([path, id])
  })

  it('keeps the set of labels bounded whatever the paths', () => {
    const seen = new Set<string | null>()
    for (let i = 0; i < 5000; i++)
      seen
        .add(labelOf(`/members/${i}`))
        .add(labelOf(`/x${i}/y`))
        .add(labelOf(`/api/${i}.php`))
    expect([...seen].sort()).toEqual(['api-not-found', 'members-id', 'not-found'])
  })
})
