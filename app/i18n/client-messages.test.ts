import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogs } from './catalogs.server'
import { clientMessages, MEMBER_NAMESPACES, VISITOR_NAMESPACES, messageScope } from './client-messages'

/**
 * The message namespaces used in `roots` and in every file they import, statically or lazily, through relative and
 * `#app/` paths, server-only files left out unless asked for (the member's pages' actions answer with ids the page
 * shows). A namespace counts as used
 * where a string or template literal starts with it and a dot: `'signup.title'`, `` `home.step.${s}` ``.
 */
function namespacesUsedFrom(roots: string[], withServerModules = false): Map<string, string[]> {
  const namespaces = new Set(Object.keys(catalogs.en).map((k) => k.slice(0, k.indexOf('.'))))
  const resolve = (from: string, spec: string) => {
    const base = spec.startsWith('#app/') ? path.join('app', spec.slice(5)) : spec.startsWith('.') ? path.join(path.dirname(from), spec) : null
    if (!base) return null
    return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null
  }
  const used = new Map<string, string[]>()
  const seen = new Set<string>()
  const queue = [...roots]
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const source = fs.readFileSync(file, 'utf8')
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = resolve(file, spec)
      if (target && /\.tsx?$/.test(target) && (withServerModules || !target.endsWith('.server.ts'))) queue.push(target)
    }
    for (const [, ns] of source.matchAll(/['"`]([a-zA-Z]+)\.[\w$]/g))
      if (namespaces.has(ns) && !used.get(ns)?.includes(file)) used.set(ns, [...(used.get(ns) ?? []), file])
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
    expect(messageScope('/members')).toBe('member')
    expect(messageScope('/members/12')).toBe('member')
    expect(messageScope('/members/12/chat')).toBe('member')
    expect(messageScope('/likes')).toBe('member')
    expect(messageScope('/likes/mutual')).toBe('member')
    expect(messageScope('/likes/m/12')).toBe('member')
    expect(messageScope('/chats')).toBe('member')
    expect(messageScope('/chats/7')).toBe('member')
    expect(messageScope('/members/12/photos')).toBe('site')
    expect(messageScope('/profile')).toBe('site')
    expect(messageScope('/credits')).toBe('site')
    expect(messageScope('/chatsx')).toBe('site')
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
    for (const [ns, files] of used) expect(VISITOR_NAMESPACES.has(ns), `${ns} (used in ${files.join(', ')})`).toBe(true)
    expect(used.has('signup') && used.has('home') && used.has('login') && used.has('entryWarning')).toBe(true)
    const visitor = clientMessages(catalogs.en, '/login')
    expect(clientMessages(catalogs.en, '/')).toBe(visitor)
    expect(visitor['signup.title']).toBe(catalogs.en['signup.title'])
    expect(Object.keys(visitor).some((k) => k.startsWith('credits.') || k.startsWith('photos.'))).toBe(false)
    expect(JSON.stringify(visitor).length).toBeLessThan(JSON.stringify(clientMessages(catalogs.en, '/profile')).length * 0.5)
  })

  it('gives the pages members spend their time on every namespace their sources and actions use, and little else', () => {
    const used = namespacesUsedFrom(
      [
        'app/routes/members.tsx',
        'app/routes/members-id.tsx',
        'app/routes/members-id-chat.tsx',
        'app/routes/likes.tsx',
        'app/routes/chats.tsx',
        'app/routes/chats-id.tsx',
        'app/routes/chats-id-messages.ts',
        'app/routes/chats-id-photo.ts',
        'app/routes/members-id-chat-photo.ts',
        // The layouts around them and the root, with all they render for a member or a visitor.
        'app/layouts/default.tsx',
        'app/layouts/chat.tsx',
        'app/root.tsx',
      ],
      true,
    )
    // Strings that only look like message ids to this reading, each where it is the only file that names them.
    const notShown: Record<string, string> = {
      account: 'app/lib/security-log.server.ts', // the names of security events ('account.restriction_kept'), never shown
      home: 'app/features/niche/niche.ts', // each niche's texts of the home page, which only app/routes/home.tsx shows
    }
    for (const [ns, files] of used)
      if (notShown[ns]) expect(files, ns).toEqual([notShown[ns]])
      else expect(MEMBER_NAMESPACES.has(ns), `${ns} (used in ${files.join(', ')})`).toBe(true)
    expect(used.has('members') && used.has('chat') && used.has('likes') && used.has('nav')).toBe(true)
    const member = clientMessages(catalogs.en, '/members')
    expect(clientMessages(catalogs.en, '/chats/3')).toBe(member)
    expect(member['chat.send']).toBe(catalogs.en['chat.send'])
    expect(Object.keys(member).some((k) => k.startsWith('credits.') || k.startsWith('directdebit.'))).toBe(false)
    expect(JSON.stringify(member).length).toBeLessThan(JSON.stringify(clientMessages(catalogs.en, '/profile')).length * 0.6)
  })

  it('keeps console and lander texts to their pages and e-mail texts on the server', () => {
    const en = catalogs.en
    const site = clientMessages(en, '/profile')
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
    const a = clientMessages(catalogs.de, '/profile')
    expect(clientMessages(catalogs.de, '/credits')).toBe(a)
    expect(clientMessages(catalogs.de, '/admin')).not.toBe(a)
    expect(clientMessages(catalogs.fr, '/profile')).not.toBe(a)
  })
})
