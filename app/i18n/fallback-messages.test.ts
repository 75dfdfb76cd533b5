import { parse } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import en from './locales/en.json'
import { fallbackMessages } from './fallback-messages'

describe('fallback messages', () => {
  it('are the English catalog’s texts for the same ids, parsed as the bundles are', () => {
    expect(Object.keys(fallbackMessages)).toContain('error.home')
    for (const [id, message] of Object.entries(fallbackMessages)) expect(message, id).toEqual(parse((en as Record<string, string>)[id]))
  })
})
