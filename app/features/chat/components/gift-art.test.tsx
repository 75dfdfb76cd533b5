import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { giftIds, giftNameId, isGiftId } from '../gift-catalog'
import { GiftArt } from './gift-art'

const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])
const refs = (html: string) => [...html.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1])

describe('gift catalog', () => {
  it('knows its gifts and their message ids', () => {
    expect(giftIds).toHaveLength(12)
    expect(isGiftId('rose')).toBe(true)
    expect(isGiftId('diamond')).toBe(false)
    expect(isGiftId(1)).toBe(false)
    expect(giftNameId('teddy')).toBe('gift.teddy')
  })
})

describe('GiftArt', () => {
  it.each(giftIds)('draws %s as a self-contained svg', (gift) => {
    const html = renderToStaticMarkup(<GiftArt gift={gift} />)
    expect(html).toMatch(/^<svg [^>]*viewBox="0 0 96 96"[^>]*>.+<\/svg>$/s)
    expect(html).toContain('width="96"')
    expect((html.match(/<(path|circle|ellipse|rect)\b/g) ?? []).length).toBeGreaterThan(2)
    expect(html).not.toMatch(/href|xlink|url\(http|<image|<text|<script|<foreignObject/i)
    // Every gradient it paints with is defined in the same svg.
    for (const ref of refs(html)) expect(ids(html)).toContain(ref)
  })

  it('draws every gift differently', () => {
    // Without the per-render ids (which name the gift), the drawings themselves differ.
    const drawings = giftIds.map((gift) => renderToStaticMarkup(<GiftArt gift={gift} />).replace(/(id="|url\(#)[^")]+/g, '$1'))
    expect(new Set(drawings).size).toBe(giftIds.length)
  })

  it('gives gradients unique ids when the same gift is drawn twice on one page', () => {
    const html = renderToStaticMarkup(
      <div>
        <GiftArt gift="ring" />
        <GiftArt gift="ring" size={40} />
        <GiftArt gift="heart" />
      </div>,
    )
    const all = ids(html)
    expect(all.length).toBeGreaterThan(2)
    expect(new Set(all).size).toBe(all.length)
    for (const svg of html.match(/<svg.*?<\/svg>/gs) ?? []) for (const ref of refs(svg)) expect(ids(svg)).toContain(ref)
  })

  it('is an image with a label when titled, hidden decoration otherwise', () => {
    const titled = renderToStaticMarkup(<GiftArt gift="rose" title="Red rose" size={48} />)
    expect(titled).toMatch(/^<svg [^>]*role="img"/)
    expect(titled).toContain('aria-label="Red rose"')
    expect(titled).toContain('width="48"')
    expect(titled).not.toContain('aria-hidden')

    const plain = renderToStaticMarkup(<GiftArt gift="rose" />)
    expect(plain).toContain('aria-hidden="true"')
    expect(plain).toContain('focusable="false"')
    expect(plain).not.toMatch(/role=|aria-label/)
  })
})
