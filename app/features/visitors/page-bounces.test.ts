import { describe, expect, it } from 'vitest'
import { bouncePath } from './page-bounces'

describe('bouncePath', () => {
  const origin = 'https://example.com'
  it('keeps the pathname of a same-origin page, without the query', () => {
    expect(bouncePath('https://example.com/landers/gallery/summer?lb=1&network=x', origin)).toBe('/landers/gallery/summer')
    expect(bouncePath('https://example.com/', origin)).toBe('/')
  })
  it('folds numeric ids', () => {
    expect(bouncePath('https://example.com/members/1234/landing2/x', origin)).toBe('/members/:id/landing2/x')
  })
  it('refuses other origins and malformed referers', () => {
    expect(bouncePath('https://evil.example/landers/video', origin)).toBeNull()
    expect(bouncePath('not a url', origin)).toBeNull()
    expect(bouncePath(null, origin)).toBeNull()
  })
  it('caps the length', () => {
    expect(bouncePath(`https://example.com/${'a'.repeat(500)}`, origin)!.length).toBe(200)
  })
})
