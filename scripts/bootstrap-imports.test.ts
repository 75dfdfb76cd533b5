import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm start` and `npm test` install the dependencies themselves (scripts/lib.mjs ensureDependencies), so on a fresh
// clone the modules they load before that may import nothing but Node's own: a static `import pg from 'pg'` anywhere
// in that graph failed `npm test` before it could install anything.
const staticImports = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1])

function packagesLoadedFirst(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return []
  seen.add(entry)
  return staticImports(entry).flatMap((spec) =>
    spec.startsWith('.')
      ? packagesLoadedFirst(path.resolve(path.dirname(entry), spec), seen)
      : spec.startsWith('node:')
        ? []
        : [`${spec} (${path.relative('.', entry)})`],
  )
}

describe('the entry scripts of the README', () => {
  for (const entry of ['scripts/start.mjs', 'scripts/test.mjs']) {
    it(`${entry} loads only Node's own modules before it installs the dependencies`, () => {
      expect(packagesLoadedFirst(path.resolve(entry))).toEqual([])
    })
  }

  it('finds a package imported by a module the entry loads', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'entry-'))
    fs.writeFileSync(path.join(dir, 'entry.mjs'), "import { a } from './helper.mjs'\nimport fs from 'node:fs'\n")
    fs.writeFileSync(path.join(dir, 'helper.mjs'), "import pg from 'pg'\nexport const a = 1\n")
    expect(packagesLoadedFirst(path.join(dir, 'entry.mjs'))).toEqual([`pg (${path.relative('.', path.join(dir, 'helper.mjs'))})`])
    fs.rmSync(dir, { recursive: true })
  })
})
