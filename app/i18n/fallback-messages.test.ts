import { describe, expect, it } from 'vitest'
import en from './locales/en.json'
import { fallbackMessages } from './fallback-messages'

describe('fallback messages', () => {
  it('are the English catalog’s texts for the same ids', () => {
    for (const [id, text] of Object.entries(fallbackMessages)) expect(text, id).toBe((en as Record<string, string>)[id])
  })
})
