import { describe, expect, it } from 'vitest'
import { parseRetryAfter, resultOfStatus } from './push-result'

describe('resultOfStatus', () => {
  it.each([
    [201, { outcome: 'ok' }],
    [404, { outcome: 'gone', status: 404 }],
    [410, { outcome: 'gone', status: 410 }],
    [408, { outcome: 'failed', retryable: true, reason: 'timeout', status: 408 }],
    [429, { outcome: 'failed', retryable: true, reason: 'rate-limited', status: 429 }],
    [504, { outcome: 'failed', retryable: true, reason: 'service-error', status: 504 }],
    [400, { outcome: 'failed', retryable: false, reason: 'rejected', status: 400 }],
    [401, { outcome: 'failed', retryable: false, reason: 'unauthorized', status: 401 }],
    [403, { outcome: 'failed', retryable: false, reason: 'unauthorized', status: 403 }],
    [413, { outcome: 'failed', retryable: false, reason: 'payload-too-large', status: 413 }],
    [301, { outcome: 'failed', retryable: false, reason: 'rejected', status: 301 }],
  ])('%i', (status, expected) => {
    expect(resultOfStatus(status)).toEqual(expected)
  })

  it('passes on Retry-After of a 503', () => {
    expect(resultOfStatus(503, '30')).toMatchObject({ retryable: true, retryAfterSeconds: 30 })
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-05-01T12:00:00Z')
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Fri, 01 May 2026 12:01:30 GMT', 90],
    ['Fri, 01 May 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    [undefined, undefined],
  ])('%s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected)
  })
})
