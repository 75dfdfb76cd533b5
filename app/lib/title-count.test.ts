import { describe, expect, it } from 'vitest'
import { attentionCount, stripTitleCount, titleWithCount } from './title-count'

describe('titleWithCount', () => {
  it('puts the count in brackets in front of the title', () => {
    expect(titleWithCount('Messages | Amoura', 3)).toBe('(3) Messages | Amoura')
  })
  it('replaces an earlier count instead of stacking prefixes', () => {
    expect(titleWithCount('(3) Messages | Amoura', 4)).toBe('(4) Messages | Amoura')
    expect(titleWithCount(titleWithCount('Likes', 1), 1)).toBe('(1) Likes')
  })
  it('shows no prefix at zero and removes an old one', () => {
    expect(titleWithCount('Likes | Amoura', 0)).toBe('Likes | Amoura')
    expect(titleWithCount('(7) Likes | Amoura', 0)).toBe('Likes | Amoura')
  })
  it('shows the whole sum above 99', () => {
    expect(titleWithCount('Likes', 150)).toBe('(150) Likes')
  })
  it('ignores nonsense counts', () => {
    expect(titleWithCount('Likes', -2)).toBe('Likes')
    expect(titleWithCount('Likes', Number.NaN)).toBe('Likes')
    expect(titleWithCount('Likes', 2.7)).toBe('(2) Likes')
  })
  it('leaves brackets that are part of the title alone', () => {
    expect(titleWithCount('(Beta) Likes', 2)).toBe('(2) (Beta) Likes')
    expect(stripTitleCount('(Beta) Likes')).toBe('(Beta) Likes')
    expect(stripTitleCount('(99+) Likes')).toBe('Likes')
  })
})

describe('attentionCount', () => {
  it('adds unread messages and new likes', () => {
    expect(attentionCount({ unread: 2, newLikes: 3 })).toBe(5)
  })
  it('is 0 for visitors and never negative', () => {
    expect(attentionCount(null)).toBe(0)
    expect(attentionCount({ unread: -1, newLikes: 0 })).toBe(0)
  })
})
