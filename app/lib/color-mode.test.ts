import { describe, expect, it } from 'vitest'
import { pinnedColorScheme, themeAttribute } from './color-mode'

describe('the colour mode of a page', () => {
  it('is the member’s choice, or the device’s for auto', () => {
    expect(themeAttribute('dark')).toBe('dark')
    expect(themeAttribute('auto')).toBeUndefined()
  })

  it('is pinned to light by the deepest route that says light, and freed again by a deeper one that says device', () => {
    const root = { handle: undefined }
    const landers = { handle: { colorScheme: 'light' } }
    expect(pinnedColorScheme([root])).toBeUndefined()
    expect(pinnedColorScheme([root, landers, { handle: { seo: () => ({}) } }])).toBe('light')
    expect(pinnedColorScheme([root, landers, { handle: { colorScheme: 'device' } }])).toBeUndefined()
  })
})
