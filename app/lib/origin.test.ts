import { describe, expect, it } from 'vitest'
import { isAllowedOrigin } from './origin'

describe('isAllowedOrigin', () => {
  it('accepts the public origin and rejects others', () => {
    expect(isAllowedOrigin({ origin: 'https://site.example', publicUrl: 'https://site.example/' })).toBe(true)
    expect(isAllowedOrigin({ origin: 'https://evil.example', publicUrl: 'https://site.example' })).toBe(false)
  })
  it('falls back to the Host header without PUBLIC_URL', () => {
    expect(isAllowedOrigin({ origin: 'http://localhost:3000', host: 'localhost:3000' })).toBe(true)
    expect(isAllowedOrigin({ origin: 'http://localhost:4000', host: 'localhost:3000' })).toBe(false)
  })
  it('uses the Referer when Origin is missing and rejects opaque origins', () => {
    expect(isAllowedOrigin({ referer: 'http://evil.example/x', host: 'localhost:3000' })).toBe(false)
    expect(isAllowedOrigin({ origin: 'null', host: 'localhost:3000' })).toBe(false)
    expect(isAllowedOrigin({ host: 'localhost:3000' })).toBe(true)
  })
})
