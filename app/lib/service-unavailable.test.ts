import { describe, expect, it } from 'vitest'
import { isServiceUnavailable } from './service-unavailable'

describe('isServiceUnavailable', () => {
  it('recognises unreachable services, directly or wrapped in a cause', () => {
    expect(isServiceUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isServiceUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true)
    expect(isServiceUnavailable(Object.assign(new Error('conn'), { code: '08006' }))).toBe(true)
    expect(isServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isServiceUnavailable(new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') }))).toBe(true)
  })

  it('leaves ordinary failures alone', () => {
    expect(isServiceUnavailable(new Error('boom'))).toBe(false)
    expect(isServiceUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isServiceUnavailable(undefined)).toBe(false)
    expect(isServiceUnavailable('ECONNREFUSED')).toBe(false)
    // A cycle of causes ends.
    const a: Error & { cause?: unknown } = new Error('a')
    a.cause = a
    expect(isServiceUnavailable(a)).toBe(false)
  })
})
