import { describe, expect, it } from 'vitest'
import { dateFromParts } from './form-data.server'

const form = (entries: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(entries)) f.set(k, v)
  return f
}

describe('dateFromParts', () => {
  it('puts the ISO date together from the picked parts, whatever the hidden field says (a post without JavaScript)', () => {
    const f = dateFromParts(form({ date_of_birth: '', date_of_birth_day: '4', date_of_birth_month: '3', date_of_birth_year: '1990' }), 'date_of_birth')
    expect(f.get('date_of_birth')).toBe('1990-03-04')
  })

  it('leaves the date empty while a part is missing, and a post without parts as it was', () => {
    expect(dateFromParts(form({ date_of_birth_day: '4', date_of_birth_month: '', date_of_birth_year: '1990' }), 'date_of_birth').get('date_of_birth')).toBe('')
    expect(dateFromParts(form({ date_of_birth: '1991-05-06' }), 'date_of_birth').get('date_of_birth')).toBe('1991-05-06')
  })
})
