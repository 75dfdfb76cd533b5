import { describe, expect, it } from 'vitest'
import { randomPassword } from '#db/seed/demo-logins.server'
import { findPersonalData } from './personal-data-scan'

// The scanner behind the browser suite's log check (tests/e2e/log-privacy.ts): it must find what it is for, and
// not cry wolf over what a log of ids and codes holds.

const line = (o: Record<string, unknown>) => JSON.stringify({ level: 40, time: 1764000000000, pid: 123, hostname: 'ci', ...o })

describe('the personal-data scan of logs', () => {
  it('finds e-mail addresses, valid IBANs, valid phone numbers and known values, and masks them in its report', () => {
    const log = [
      line({ msg: 'login failed', user: 'jan.de.vries@example.nl' }),
      line({ msg: 'mandate', iban: 'NL91 ABNA 0417 1643 00' }),
      line({ msg: 'mandate', iban: 'DE89370400440532013000' }),
      line({ msg: 'sms failed', to: '+31612345678' }),
      line({ msg: 'sms failed', to: '06 12345678' }),
      line({ msg: 'bad frame', raw: 'see you at eight, x0secret' }),
      line({ msg: 'cookie', session: 'q9Vb0fXk2n3LrJ7cS1tY8uWzA4eD6hG5iK-_mN0pQrs' }),
    ].join('\n')
    const found = findPersonalData(log, { texts: ['see you at eight, x0secret'], tokens: ['q9Vb0fXk2n3LrJ7cS1tY8uWzA4eD6hG5iK-_mN0pQrs'] })
    expect(found.map((f) => [f.line, f.kind])).toEqual([
      [1, 'e-mail address'],
      [2, 'IBAN'],
      [3, 'IBAN'],
      [4, 'phone number'],
      [5, 'phone number'],
      [6, 'text'],
      [7, 'token'],
    ])
    expect(JSON.stringify(found)).not.toContain('jan.de.vries')
    expect(JSON.stringify(found)).not.toContain('0417')
  })

  it('passes a log of ids, codes, times and hashes, and the published demo accounts', () => {
    const log = [
      line({ msg: 'listening', port: 4301 }),
      line({ msg: 'job failed', job: 'notify', id: 1234567890123, attempt: 2, code: 'ECONNREFUSED' }),
      line({ msg: 'payment booked', paymentId: 'tr_WDqYK6vllg', amountMinor: 999, at: '2026-11-25T02:14:03.123+00:00' }),
      line({ msg: 'build', hash: 'DE12ab34cd56ef78ab90cd12ef34ab56', version: '0.1.0' }),
      // The start banner's line for a demo member, with a password made per install as the seed makes it.
      `    anna@demo.local / ${randomPassword()}`,
      line({ msg: 'request failed', path: '/members/123', status: 503, ms: 31415926 }),
    ].join('\n')
    expect(findPersonalData(log, { emails: ['anna@demo.local'] })).toEqual([])
  })
})
