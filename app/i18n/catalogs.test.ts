import fs from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { locales } from './locales'

const dir = path.resolve(__dirname, 'locales')
const load = (l: string) => JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Record<string, string>
const en = load('en')

/** The argument names a message uses, with their kind (plain, plural, select, ...). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue
    if ('value' in el && typeof el.value === 'string' && el.type !== TYPE.tag)
      out.add(`${el.value}:${el.type === TYPE.plural ? 'plural' : el.type === TYPE.select ? 'select' : 'arg'}`)
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const opt of Object.values(el.options)) argumentsOf(opt.value, out)
    if (el.type === TYPE.tag) {
      out.add(`<${el.value}>`)
      argumentsOf(el.children, out)
    }
  }
  return out
}

describe('message catalogs', () => {
  it('has a catalog for all eleven locales', () => {
    expect(locales).toHaveLength(11)
    for (const l of locales) expect(fs.existsSync(path.join(dir, `${l}.json`)), l).toBe(true)
  })

  describe.each(locales.filter((l) => l !== 'en'))('%s', (locale) => {
    const cat = load(locale)
    it('has exactly the keys of en', () => {
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort())
    })
    it('parses every message as ICU with the same placeholders as en', () => {
      for (const [key, source] of Object.entries(en)) {
        const msg = cat[key]
        expect(typeof msg, `${locale}:${key}`).toBe('string')
        const ours = argumentsOf(parse(msg))
        expect([...ours].sort(), `${locale}:${key}`).toEqual([...argumentsOf(parse(source))].sort())
      }
    })
    it('is a real translation, not an English copy', () => {
      const same = Object.keys(en).filter((k) => cat[k] === en[k] && en[k].length > 12)
      // Long identical strings mean an untranslated copy; short ones (names, "OK") may legitimately match.
      expect(same, `${locale} untranslated: ${same.slice(0, 5).join(', ')}`).toEqual([])
    })
  })

  it('parses every English message', () => {
    for (const [k, v] of Object.entries(en)) expect(() => parse(v), k).not.toThrow()
  })
})
