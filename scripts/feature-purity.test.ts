import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { featureOffences, isChecked } from './feature-purity'

// Features take plain values and return reasons; the routes do the HTTP (issue 25, docs/architecture.md).
const root = path.resolve(import.meta.dirname, '..')

describe('feature purity', () => {
  it('app/features has no Request, FormData, Response, Headers, react-router or HTTP status outside components, client hooks and tests', () => {
    expect(featureOffences(root)).toEqual([])
  })

  it('catches a deliberate offender and lets pure features, components and client hooks be', () => {
    const found = featureOffences(path.join(root, 'scripts/fixtures/feature-purity'))
    const offender = 'app/features/demo/offender.server.ts'
    expect(found.every((o) => o.file === offender)).toBe(true)
    const what = found.map((o) => o.what)
    expect(what).toEqual(
      expect.arrayContaining([
        'imports react-router',
        'a reason→status map',
        'uses Request',
        'uses FormData',
        'HTTP status 400',
        'uses Response',
        'uses Headers',
        'augments react-router',
      ]),
    )
  })

  it('holds every feature file to it but tests, components and use-* hooks', () => {
    expect(isChecked('chat/submit-message.server.ts')).toBe(true)
    expect(isChecked('console/site-admin/setting-fields.ts')).toBe(true)
    expect(isChecked('chat/submit-message.test.ts')).toBe(false)
    expect(isChecked('chat/components/chat-screen.tsx')).toBe(false)
    expect(isChecked('chat/components/use-older-messages.ts')).toBe(false)
    expect(isChecked('photos/use-upload.ts')).toBe(false)
  })

  it('the lint refuses the offender as a feature file, and lets it be as a route', { timeout: 120_000 }, async () => {
    const eslint = new ESLint({ cwd: root })
    const code = fs.readFileSync(path.join(root, 'scripts/fixtures/feature-purity/app/features/demo/offender.server.ts'), 'utf8')
    const lint = async (filePath: string) => (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0].messages.map((m) => m.ruleId)
    const asFeature = await lint('app/features/settings/offender.server.ts')
    expect(asFeature).toContain('no-restricted-imports')
    expect(asFeature.filter((r) => r === 'no-restricted-syntax').length).toBeGreaterThanOrEqual(4)
    expect(await lint('app/routes/offender.ts')).toEqual([])
  })

  it('the lint refuses a route or the server taking a write token itself: the feature it calls takes it', { timeout: 120_000 }, async () => {
    const eslint = new ESLint({ cwd: root })
    const code = "import { takeWrite } from '#app/features/settings/write-limits.server'\nexport const take = (id: number) => takeWrite('like', id)\n"
    const rules = async (filePath: string) => (await eslint.lintText(code, { filePath: path.join(root, filePath) }))[0].messages.map((m) => m.ruleId)
    expect(await rules('app/routes/offender.ts')).toContain('no-restricted-imports')
    expect(await rules('server/offender.server.ts')).toContain('no-restricted-imports')
    expect(await rules('app/features/likes/offender.server.ts')).not.toContain('no-restricted-imports')
  })
})
