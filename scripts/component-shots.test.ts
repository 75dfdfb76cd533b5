import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMPONENT_SHOTS, componentSheetMarkdown, shotFile } from './component-shots'

const dir = path.resolve('docs/design')

describe('the component sheet (docs/design/components.md)', () => {
  it('gives every shot a file of its own in each mode', () => {
    const files = COMPONENT_SHOTS.flatMap((s) => [shotFile(s, 'light'), shotFile(s, 'dark')])
    expect(new Set(files).size).toBe(files.length)
    expect(shotFile({ component: 'Date of birth', state: 'in the member’s language' }, 'dark')).toBe('date-of-birth--in-the-members-language--dark.png')
  })

  it('shows each state in light and dark beside each other', () => {
    const md = componentSheetMarkdown([COMPONENT_SHOTS[0]])
    expect(md).toContain('## Button')
    expect(md).toContain(
      '| **primary** (phone): The one primary action of a screen. | ![Button, primary, light](button--primary--light.png) | ![Button, primary, dark](button--primary--dark.png) |',
    )
  })

  it('is current: the committed page is what the script writes, and every picture it shows is there', () => {
    // Adding or changing a shot means running `npm run screenshots:components` again.
    expect(fs.readFileSync(path.join(dir, 'components.md'), 'utf8')).toBe(componentSheetMarkdown())
    const shown = [...componentSheetMarkdown().matchAll(/\]\(([^)]+\.png)\)/g)].map((m) => m[1])
    expect(shown.filter((f) => !fs.existsSync(path.join(dir, f)))).toEqual([])
    const present = fs.readdirSync(dir).filter((f) => f.endsWith('.png'))
    expect(present.filter((f) => !shown.includes(f))).toEqual([])
  })
})
