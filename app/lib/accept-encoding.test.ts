import { describe, expect, it } from 'vitest'
import { acceptsBrotli } from './accept-encoding'

describe('acceptsBrotli', () => {
  it('reads the browsers’ headers', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true)
    expect(acceptsBrotli('gzip, deflate')).toBe(false)
    expect(acceptsBrotli(null)).toBe(false)
    expect(acceptsBrotli('')).toBe(false)
  })

  it('honours weights and the wildcard', () => {
    expect(acceptsBrotli('br;q=0, gzip')).toBe(false)
    expect(acceptsBrotli('BR; q=0.5')).toBe(true)
    expect(acceptsBrotli('*')).toBe(true)
    expect(acceptsBrotli('*;q=0')).toBe(false)
    expect(acceptsBrotli('*, br;q=0')).toBe(false)
    expect(acceptsBrotli('identity')).toBe(false)
  })
})
