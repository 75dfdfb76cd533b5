import { describe, expect, it } from 'vitest'
import { appealUrl, readAppealLink } from './appeal-link.server'

describe('appeal links', () => {
  it('name the member and the decision, and nothing else', () => {
    const token = appealUrl(42, 7).split('/appeal/')[1]
    expect(readAppealLink(token)).toEqual({ userId: 42, decisionId: 7 })
  })
  it('refuse forged, altered or other links', () => {
    const token = appealUrl(42, 7).split('/appeal/')[1]
    expect(readAppealLink(token.replace('.42.', '.43.'))).toBeNull()
    expect(readAppealLink(`${token.slice(0, -2)}xx`)).toBeNull()
    expect(readAppealLink(undefined)).toBeNull()
    expect(readAppealLink('unsubscribe.42.7.0.abc')).toBeNull()
  })
})
