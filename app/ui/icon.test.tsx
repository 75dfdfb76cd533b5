import fs from 'node:fs'
import path from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { bootstrapIconsDir, buildIconSprite, readIconNames, SPRITE_FILE } from '../../scripts/icon-sprite'
import { Icon } from './icon'
import { iconNames, iconOr, isIconName } from './icon-names'

describe('Icon', () => {
  it('draws the symbol of the sprite, decorative by default', () => {
    const html = renderToStaticMarkup(<Icon name="heart-fill" className="me-1" />)
    expect(html).toMatch(
      /^<svg class="bi me-1" width="1em" height="1em" fill="currentColor" focusable="false" data-icon="heart-fill" aria-hidden="true"><use href="[^"#]*icon-sprite[^"#]*\.svg#heart-fill"><\/use><\/svg>$/,
    )
    expect(html).not.toContain('role=')
  })

  it('is an image named by its label when given one', () => {
    const html = renderToStaticMarkup(<Icon name="lock-fill" label="Premium only" />)
    expect(html).toContain('class="bi"')
    expect(html).toContain('role="img"')
    expect(html).toContain('aria-label="Premium only"')
    expect(html).not.toContain('aria-hidden')
  })
})

describe('icon names', () => {
  it('are sorted, unique and each a bootstrap-icons glyph', () => {
    expect([...iconNames]).toEqual([...new Set(iconNames)].sort())
    const missing = iconNames.filter((n) => !fs.existsSync(path.join(bootstrapIconsDir(), `${n}.svg`)))
    expect(missing).toEqual([])
  })

  it('tells known names from others and falls back for unknown ones', () => {
    expect(isIconName('heart')).toBe(true)
    expect(isIconName('no-such-icon')).toBe(false)
    expect(isIconName(undefined)).toBe(false)
    expect(iconOr('gem', 'person-badge')).toBe('gem')
    expect(iconOr('<script>', 'person-badge')).toBe('person-badge')
    expect(iconOr(null, 'heart')).toBe('heart')
  })
})

describe('icon sprite', () => {
  it('reads the same list from the source text as TypeScript does', () => {
    expect(readIconNames()).toEqual([...iconNames])
  })

  it('has one symbol with a viewBox per name, and nothing else', () => {
    const sprite = buildIconSprite()
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 16 16">/g)].map((m) => m[1])
    expect(ids).toEqual([...iconNames])
    expect(sprite.match(/<symbol /g)).toHaveLength(iconNames.length)
    expect(sprite).not.toMatch(/<script|\son\w+=|href=/i)
  })

  it('is the file Vite serves (written when Vite starts)', () => {
    expect(fs.readFileSync(SPRITE_FILE, 'utf8')).toBe(buildIconSprite())
  })
})
