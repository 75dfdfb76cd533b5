import { describe, expect, it } from 'vitest'
import { errorText } from './error-text'

describe('errorText', () => {
  it('never repeats a query, its parameters or the values a database error quotes', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "secret@example.com"'), { code: '22P02' })
    const wrapped = new Error('Failed query: select * from users where email = $1\nparams: secret@example.com', { cause: pgError })
    expect(errorText(wrapped)).toBe('database error 22P02')
    expect(
      errorText(Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505', constraint: 'users_email_key' })),
    ).toBe('database error 23505 (users_email_key)')
    const lost = new Error('Failed query: select 1\nparams: x', { cause: new Error('Connection terminated unexpectedly') })
    expect(errorText(lost)).toBe('Connection terminated unexpectedly')
    expect(errorText(new Error('Failed query: select $1\nparams: secret'))).toBe('query failed')
  })

  it('keeps ordinary messages and codes, shortened', () => {
    expect(errorText(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432',
    )
    expect(errorText(new Error('x'.repeat(500)))).toHaveLength(200)
    expect(errorText('boom')).toBe('boom')
    expect(errorText(42)).toBe('non-error thrown')
  })
})
