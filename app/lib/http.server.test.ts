import { describe, expect, it } from 'vitest'
import { formId } from './http.server'

describe('formId', () => {
  it('reads a positive integer id', () => {
    expect(formId('42')).toBe(42)
    expect(formId('999999999')).toBe(999_999_999)
  })

  // NaN for an integer column made PostgreSQL fail the query: a 500 found by `npm run scan`.
  it('answers 400 for anything else, before a query sees it', () => {
    for (const bad of [null, '', 'abc', '0', '-1', '1.5', '1e3', ' 7', '1234567890', "1' or '1'='1"]) {
      let thrown: unknown
      try {
        formId(bad)
      } catch (e) {
        thrown = e
      }
      expect(thrown, String(bad)).toBeInstanceOf(Response)
      expect((thrown as Response).status).toBe(400)
    }
    expect(() => formId(new File(['1'], 'id.txt'))).toThrow()
  })
})
