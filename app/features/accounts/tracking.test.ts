import { describe, expect, it } from 'vitest'
import { hasTrafficSource, parseTrackingCookie, trackingFromQuery } from './tracking'

describe('tracking', () => {
  it('maps aliases onto the spec fields', () => {
    expect(trackingFromQuery(new URLSearchParams('network=adnet&aff_sub=a&aff_sub2=b&sub3=c'))).toEqual({ network: 'adnet', sub1: 'a', sub2: 'b', sub3: 'c' })
    expect(trackingFromQuery(new URLSearchParams('sub=x'))).toEqual({ sub1: 'x' })
  })
  it('ignores queries without tracking and cleans values', () => {
    expect(trackingFromQuery(new URLSearchParams('page=2'))).toBeNull()
    expect(trackingFromQuery(new URLSearchParams('ref=<script>'))).toEqual({ ref: 'script' })
  })
  it('reads the cookie back and knows a traffic source', () => {
    const t = parseTrackingCookie(JSON.stringify({ ref: 'partner', evil: 1 }))
    expect(t).toEqual({ ref: 'partner' })
    expect(hasTrafficSource(t)).toBe(true)
    expect(hasTrafficSource(parseTrackingCookie('not json'))).toBe(false)
  })
})
