import { describe, expect, it } from 'vitest'
import { safeRedirect, signupSchema } from './accounts.schema'

const schema = signupSchema({ minAge: 18, countries: ['NL', 'GB'] })
const valid = {
  email: 'Anna@Example.com',
  name: 'Anna',
  password: 'secret-pass',
  date_of_birth: '1990-05-01',
  gender: 'female',
  looking_for: 'male',
  country: 'NL',
}

function errorsOf(input: Record<string, unknown>) {
  const r = schema.safeParse(input)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
}

describe('signupSchema', () => {
  it('accepts a valid signup and normalises the e-mail', () => {
    const r = schema.parse(valid)
    expect(r.email).toBe('anna@example.com')
  })
  it('rejects a name equal to the e-mail or starting with @', () => {
    expect(errorsOf({ ...valid, name: 'anna@example.com' })).toContain('name:validation.nameEqualsEmail')
    expect(errorsOf({ ...valid, name: '@anna' })).toContain('name:validation.nameStartsWithAt')
  })
  it('enforces the minimum age and real dates', () => {
    const young = new Date()
    young.setUTCFullYear(young.getUTCFullYear() - 17)
    expect(errorsOf({ ...valid, date_of_birth: young.toISOString().slice(0, 10) })).toContain('date_of_birth:validation.dateOfBirthRequired')
    expect(errorsOf({ ...valid, date_of_birth: '1990-02-30' })).toContain('date_of_birth:validation.invalidDateOfBirth')
  })
  it('rejects an invalid e-mail and an unknown country', () => {
    expect(errorsOf({ ...valid, email: 'nope' })).toContain('email:validation.invalidEmail')
    expect(errorsOf({ ...valid, country: 'XX' })).toContain('country:validation.countryRequired')
  })
})

describe('safeRedirect', () => {
  it('allows local paths only', () => {
    expect(safeRedirect('/chats/3')).toBe('/chats/3')
    expect(safeRedirect('//evil.example')).toBe('/members')
    expect(safeRedirect('https://evil.example')).toBe('/members')
  })
  it('keeps the query and fragment of a local path', () => {
    expect(safeRedirect('/members?country=NL#top')).toBe('/members?country=NL#top')
  })
  it('refuses every way of writing another origin that a browser would follow', () => {
    const vectors = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%5Cevil.example',
      '/%5C%5Cevil.example',
      '///evil.example',
      '/\u0000/evil.example',
      '/%E0%A4%A',
      'javascript:alert(1)',
      ' /evil',
    ]
    for (const v of vectors) expect(safeRedirect(v), JSON.stringify(v)).toBe('/members')
  })
})
