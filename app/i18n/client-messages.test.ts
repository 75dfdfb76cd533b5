import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogs } from './catalogs.server'
import { clientMessages, VISITOR_NAMESPACES, messageScope } from './client-messages'

/**
 * The message namespaces used in `roots` and in every file they import, statically or lazily, through relative and
 * `#app/` paths, server-only files left out (their ids are the server's, not the page's). A namespace counts as used
 * where a string or template literal starts with it and a dot: `'signup.title'`, `` `home.step.${s}` ``.
 */
function namespacesUsedFrom(roots: string[]): Map<string, string> {
  const namespaces = new Set(Object.keys(catalogs.en).map((k) => k.slice(0, k.indexOf('.'))))
  const resolve = (from: string, spec: string) => {
    const base = spec.startsWith('#app/') ? path.join('app', spec.slice(5)) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : null
    if (!base) return null
    return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null
  }
  const used = new Map<string, string>()
  const seen = new Set<string>()
  const queue = [...roots]
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const source = fs.readFileSync(file, 'utf8')
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = resolve(file, spec)
      if (target && /\.tsx?$/.test(target) && !target.endsWith('.server.ts')) queue.push(target)
    }
    for (const [, ns] of source.matchAll(/['"`]([a-zA-Z]+)\.[\w$]/g)) if (namespaces.has(ns) && !used.has(ns)) used.set(ns, file)
  }
  return used
}

describe('the messages a page sends to the browser', () => {
  it('knows the part of the site of a path', () => {
    expect(messageScope('/admin')).toBe('console')
    expect(messageScope('/admin/photos')).toBe('console')
    expect(messageScope('/administrator')).toBe('site')
    expect(messageScope('/landers/gallery/men')).toBe('lander')
    expect(messageScope('/members/12/landing2/x')).toBe('lander')
    expect(messageScope('/members/12/signup')).toBe('lander')
    expect(messageScope('/members/12')).toBe('site')
    expect(messageScope('/members/12/chat')).toBe('site')
    expect(messageScope('/')).toBe('visitor')
    expect(messageScope('/login')).toBe('visitor')
    expect(messageScope('/signup')).toBe('visitor')
    expect(messageScope('/reset-password')).toBe('site')
  })

  it('gives the pages a visitor starts on every namespace their sources use, and little else', () => {
    const used = namespacesUsedFrom([
      'app/routes/home.tsx',
      'app/layouts/lander.tsx',
      'app/routes/login.tsx',
      'app/routes/signup.tsx',
      'app/layouts/default.tsx',
      // What the root renders for a logged-out visitor on every page.
      'app/ui/error-page.tsx',
      'app/ui/navigation-progress.tsx',
      'app/ui/test-mode-banner.tsx',
      'app/ui/seo-tags.tsx',
      'app/features/accounts/components/signup-modal.tsx',
      'app/features/visitors/components/entry-warning.tsx',
      'app/features/visitors/components/page-bounce-beacon.tsx',
      // The ids of the server's answers to the login and signup forms (the signup modal posts to /signup).
      'app/routes/signup-action.server.ts',
      'app/features/authentication/login.server.ts',
    ])
    for (const [ns, file] of used) expect(VISITOR_NAMESPACES.has(ns), `${ns} (used in ${file})`).toBe(true)
    expect(used.has('signup') && used.has('home') && used.has('login') && used.has('entryWarning')).toBe(true)
    const visitor = clientMessages(catalogs.en, '/login')
    expect(clientMessages(catalogs.en, '/')).toBe(visitor)
    expect(visitor['signup.title']).toBe(catalogs.en['signup.title'])
    expect(Object.keys(visitor).some((k) => k.startsWith('credits.') || k.startsWith('photos.'))).toBe(false)
    expect(JSON.stringify(visitor).length).toBeLessThan(JSON.stringify(clientMessages(catalogs.en, '/members')).length * 0.5)
  })

  it('keeps console and lander texts to their pages and e-mail texts on the server', () => {
    const en = catalogs.en
    const site = clientMessages(en, '/members')
    expect(site['nav.search']).toBe(en['nav.search'])
    expect(Object.keys(site).some((k) => k.startsWith('admin.') || k.startsWith('lander.') || k.startsWith('email.'))).toBe(false)
    const console = clientMessages(en, '/admin/reports')
    expect(console['admin.nav.reports']).toBe(en['admin.nav.reports'])
    expect(console['field.email']).toBe(en['field.email'])
    expect(Object.keys(console).some((k) => k.startsWith('lander.'))).toBe(false)
    const lander = clientMessages(en, '/landers/video')
    expect(Object.keys(lander).some((k) => k.startsWith('lander.'))).toBe(true)
    expect(Object.keys(lander).some((k) => k.startsWith('admin.'))).toBe(false)
    // A member's page carries well under the whole catalog.
    expect(JSON.stringify(site).length).toBeLessThan(JSON.stringify(en).length * 0.7)
  })
})

describe('filtering the catalog', () => {
  it('happens once per catalog and part of the site', () => {
    const a = clientMessages(catalogs.de, '/members')
    expect(clientMessages(catalogs.de, '/chats')).toBe(a)
    expect(clientMessages(catalogs.de, '/admin')).not.toBe(a)
    expect(clientMessages(catalogs.fr, '/members')).not.toBe(a)
  })
})
