import path from 'node:path'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkOrder, fixOrder, routeModules } from '../../scripts/route-order'

const root = path.resolve(import.meta.dirname, '../..')

describe('route module order (shared/ARCHITECTURE.md: handle, schemas, loader, action, component, meta, ErrorBoundary)', () => {
  it('holds in every route module', () => {
    const wrong = routeModules(root).filter((file) => !checkOrder(fs.readFileSync(file, 'utf8'), file).ok)
    expect(wrong.map((f) => path.relative(root, f))).toEqual([])
  })

  it('finds a module with meta first, and --fix puts the parts in order while helpers stay', () => {
    const text = [
      "export const meta = () => [{ title: 'x' }]",
      '',
      'function helper() {',
      '  return 1',
      '}',
      '',
      'export default function Page() {',
      '  return helper()',
      '}',
      '',
      'export async function loader() {',
      '  return null',
      '}',
      '',
    ].join('\n')
    expect(checkOrder(text, 'x.tsx')).toEqual({ ok: false, part: 'component', after: 'meta' })
    const fixed = fixOrder(text, 'x.tsx')
    expect(checkOrder(fixed, 'x.tsx')).toEqual({ ok: true })
    expect(fixed.indexOf('function helper')).toBeGreaterThan(fixed.indexOf('export async function loader'))
    expect(fixed.indexOf('export async function loader')).toBeLessThan(fixed.indexOf('export default function Page'))
    expect(fixed.indexOf('export default function Page')).toBeLessThan(fixed.indexOf('export const meta'))
  })
})
