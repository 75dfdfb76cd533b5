import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { buildIsCurrent, inputsHash, recordBuild } from '../scripts/build-state.mjs'

function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-state-'))
  fs.mkdirSync(path.join(root, 'app/routes'), { recursive: true })
  fs.writeFileSync(path.join(root, 'app/routes/home.tsx'), 'export default 1')
  fs.writeFileSync(path.join(root, 'package.json'), '{}')
  return root
}

describe('npm start skips the build when nothing changed (scripts/build-state.mjs)', () => {
  it('finds no current build until one is recorded with the server bundle present', () => {
    const root = project()
    expect(buildIsCurrent(root)).toBe(false)
    fs.mkdirSync(path.join(root, 'build/server'), { recursive: true })
    fs.writeFileSync(path.join(root, 'build/server/index.js'), '')
    recordBuild(root)
    expect(buildIsCurrent(root)).toBe(true)
  })

  it('sees a changed, added or removed source file, but not a test', () => {
    const root = project()
    fs.mkdirSync(path.join(root, 'build/server'), { recursive: true })
    fs.writeFileSync(path.join(root, 'build/server/index.js'), '')
    recordBuild(root)
    const before = inputsHash(root)
    fs.writeFileSync(path.join(root, 'app/routes/home.test.ts'), 'test')
    expect(inputsHash(root)).toBe(before)
    fs.writeFileSync(path.join(root, 'app/routes/home.tsx'), 'export default 2')
    expect(buildIsCurrent(root)).toBe(false)
    fs.writeFileSync(path.join(root, 'app/routes/home.tsx'), 'export default 1')
    expect(buildIsCurrent(root)).toBe(true)
    fs.writeFileSync(path.join(root, 'app/new.ts'), '')
    expect(buildIsCurrent(root)).toBe(false)
    fs.rmSync(path.join(root, 'app/new.ts'))
    expect(buildIsCurrent(root)).toBe(true)
  })
})
