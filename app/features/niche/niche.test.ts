import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '#app/i18n/locales/en.json'
import { defaultSettings } from '#app/features/settings/defaults'
import { contrastRatio, nicheIds, nicheOf, niches } from './niche'

const styles = path.resolve(__dirname, '../../styles')
const hex = /^#[0-9a-f]{6}$/

/** Bootstrap's shade-color: mix with black by `weight` (0-1), channel by channel, rounded. */
function shade(color: string, weight: number): string {
  const n = Number.parseInt(color.slice(1), 16)
  return `#${[n >> 16, (n >> 8) & 255, n & 255]
    .map((c) =>
      Math.round(c * (1 - weight))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

describe('niche palettes', () => {
  it('has the seven niches of spec section 1, in order, with their slugs', () => {
    expect(nicheIds.map((id) => niches[id].slug)).toEqual(['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'])
    for (const id of nicheIds) expect(niches[id].id).toBe(id)
  })

  it.each(nicheIds)('niche %i: colours are #rrggbb', (id) => {
    for (const [k, v] of Object.entries(niches[id].palette)) expect(v, k).toMatch(hex)
  })

  it.each(nicheIds)('niche %i: white text on primary, buttons hovered and the hero passes WCAG AA (4.5:1)', (id) => {
    const p = niches[id].palette
    for (const bg of [p.primary, shade(p.primary, 0.15), shade(p.primary, 0.2), p.heroFrom, p.heroTo])
      expect(contrastRatio('#ffffff', bg), bg).toBeGreaterThanOrEqual(4.5)
  })

  it.each(nicheIds)('niche %i: primary and link text on the page and on light buttons passes WCAG AA', (id) => {
    const p = niches[id].palette
    // White page, Bootstrap's light button (the hero's call to action).
    for (const bg of ['#ffffff', '#f8f9fa']) {
      expect(contrastRatio(p.primary, bg), `primary on ${bg}`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(p.link, bg), `link on ${bg}`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('computes contrast ratios as WCAG defines them', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#cf3f37', '#ffffff')).toBeGreaterThan(4.5)
    // A light colour fails: the check can fail.
    expect(contrastRatio('#f5a623', '#ffffff')).toBeLessThan(4.5)
  })

  it('niche 1 is the base theme of spec section 9 (_theme.scss) unchanged', () => {
    const scss = fs.readFileSync(path.join(styles, '_theme.scss'), 'utf8')
    expect(scss).toMatch(new RegExp(`\\$primary: ${niches[1].palette.primary};`))
    expect(scss).toMatch(new RegExp(`\\$link-color: ${niches[1].palette.link};`))
    expect(scss).toMatch(/\$secondary: #f5a623;/)
    expect(niches[1].palette.accent).toBe('#f5a623')
  })

  it('app/styles/niches.scss carries the same palettes', () => {
    const scss = fs.readFileSync(path.join(styles, 'niches.scss'), 'utf8')
    const rows = [...scss.matchAll(/^\s*(\d): \(primary: (#\w+), link: (#\w+), hero-from: (#\w+), hero-to: (#\w+), accent: (#\w+)\),$/gm)]
    expect(rows.map((r) => Number(r[1]))).toEqual([...nicheIds])
    for (const r of rows) {
      const p = niches[Number(r[1]) as 1].palette
      expect(r.slice(2), `niche ${r[1]}`).toEqual([p.primary, p.link, p.heroFrom, p.heroTo, p.accent])
    }
  })

  it('gives every niche its own primary colour and art', () => {
    expect(new Set(nicheIds.map((id) => niches[id].palette.primary)).size).toBe(7)
    expect(new Set(nicheIds.map((id) => niches[id].art)).size).toBe(7)
  })
})

describe('niche defaults', () => {
  it('gay: a man looking for men; she: a woman looking for women; the others: a man looking for women', () => {
    expect(niches[7].seeking).toEqual({ gender: 'male', lookingFor: 'male' })
    expect(niches[2].seeking).toEqual({ gender: 'female', lookingFor: 'female' })
    for (const id of [1, 3, 4, 5, 6] as const) expect(niches[id].seeking, `niche ${id}`).toEqual({ gender: 'male', lookingFor: 'female' })
  })

  it('reads a setting value, falling back to the default niche', () => {
    expect(nicheOf(defaultSettings.niche).slug).toBe('default')
    expect(nicheOf(7).slug).toBe('gay')
    expect(nicheOf('3').slug).toBe('bdsm')
    for (const bad of [0, 8, 2.5, null, undefined, 'gay']) expect(nicheOf(bad).id).toBe(1)
  })

  it('names landing copy that exists in the catalogs, distinct per niche', () => {
    const catalog = en as Record<string, string>
    for (const id of nicheIds) {
      const c = niches[id].copy
      for (const key of [c.eyebrow, c.title, c.lead, c.steps.search, c.steps.like, c.steps.chat]) expect(catalog[key], key).toBeTruthy()
    }
    expect(new Set(nicheIds.map((id) => catalog[niches[id].copy.title])).size).toBe(7)
    expect(new Set(nicheIds.map((id) => catalog[niches[id].copy.lead])).size).toBe(7)
  })
})
