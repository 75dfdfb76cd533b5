import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The house plan's checks (docs/architecture.md): no two folders import each other, and features import only
// features ranked below them.
const root = path.resolve(import.meta.dirname, '..')
const checkFolders = (...args: string[]) => spawnSync(process.execPath, ['scripts/check-folders.mjs', ...args], { cwd: root, encoding: 'utf8' })

describe('the folder-cycle check', () => {
  it('fails on a deliberate cycle between two folders that no file-level check sees', () => {
    const run = checkFolders('scripts/fixtures/folder-cycle', '--include-only', '^scripts/fixtures')
    expect(run.status).not.toBe(0)
    expect(run.stdout).toContain('no-folder-cycle: scripts/fixtures/folder-cycle/widgets')
    expect(run.stdout).toContain('scripts/fixtures/folder-cycle/pages')
  })

  it('passes on app/', { timeout: 120_000 }, () => {
    const run = checkFolders()
    expect(run.stdout + run.stderr).toContain('no dependency violations found')
    expect(run.status).toBe(0)
  })
})

describe('feature ranks', () => {
  const eslint = new ESLint({ cwd: root })
  const lint = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0].messages.map((m) => m.ruleId)

  it('refuses an import of a feature ranked above', { timeout: 120_000 }, async () => {
    expect(
      await lint('app/features/settings/probe.ts', "import { profileTopic } from '#app/features/chat/chat-events'\nexport const t = profileTopic\n"),
    ).toContain('import-x/no-restricted-paths')
    expect(
      await lint('app/features/chat/probe.ts', "import { permissions } from '#app/features/console/operators/permissions'\nexport const p = permissions\n"),
    ).toContain('import-x/no-restricted-paths')
  })

  it('allows an import of a feature ranked below', { timeout: 120_000 }, async () => {
    expect(
      await lint('app/features/chat/probe.ts', "import { getSettings } from '#app/features/settings/settings.server'\nexport const g = getSettings\n"),
    ).not.toContain('import-x/no-restricted-paths')
  })
})
