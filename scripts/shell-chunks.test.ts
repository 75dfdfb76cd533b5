import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shellChunks } from './shell-chunks'

const root = '/repo'
const at = (file: string) => path.join(root, file)
const lib = (name: string) => at(`node_modules/${name}/index.js`)

// root → icon, react-router; default layout → top-nav → icon, footer; lander layout → footer; home → hero.
const imports: Record<string, string[]> = {
  [at('app/root.tsx')]: [at('app/ui/icon.tsx'), lib('react-router')],
  [lib('react-router')]: [lib('react')],
  [at('app/layouts/default.tsx')]: [at('app/ui/top-nav.tsx'), at('app/ui/footer.tsx')],
  [at('app/ui/top-nav.tsx')]: [at('app/ui/icon.tsx'), lib('zod')],
  [at('app/layouts/lander.tsx')]: [at('app/ui/footer.tsx')],
  [at('app/routes/home.tsx')]: [at('app/features/home/hero.tsx')],
}
const graph = { getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [] }) }

function chunkOf(id: string): string | null {
  // As the bundler does: the first group by priority that names the module takes it.
  const groups = [...shellChunks(root).groups].sort((a, b) => b.priority - a.priority)
  for (const g of groups) {
    const name = g.name(id, graph)
    if (name) return name
  }
  return null
}

describe('the page shell chunks', () => {
  it('put what every page loads together: the libraries apart from the app’s own modules', () => {
    expect(chunkOf(lib('react-router'))).toBe('framework')
    expect(chunkOf(lib('react'))).toBe('framework')
    expect(chunkOf(at('app/ui/icon.tsx'))).toBe('shell')
  })

  it('put what the site’s layout loads together, apart from what the visitor’s first pages share with it', () => {
    expect(chunkOf(at('app/ui/top-nav.tsx'))).toBe('site-shell')
    expect(chunkOf(at('app/ui/footer.tsx'))).toBe('page-frame')
  })

  it('leave the routes, their own modules and libraries outside the root to the bundler', () => {
    for (const id of [at('app/root.tsx'), at('app/layouts/default.tsx'), at('app/routes/home.tsx'), at('app/features/home/hero.tsx'), lib('zod')])
      expect(chunkOf(id), id).toBeNull()
  })
})
