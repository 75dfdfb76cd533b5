import fs from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { locales } from '#app/i18n/locales'
import { icebreakerMessageIds, pickIcebreakers, type Icebreaker } from './icebreakers'

const dir = path.resolve(__dirname, '../../i18n/locales')
const catalogs = Object.fromEntries(locales.map((l) => [l, JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as Record<string, string>]))

function placeholders(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument) out.add(el.value)
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(el.value)
      for (const opt of Object.values(el.options)) placeholders(opt.value, out)
    }
  }
  return out
}

const base = { partnerName: 'Sam', seed: 42 }
const kind = (b: Icebreaker) => b.id.split('.')[1]

describe('pickIcebreakers', () => {
  it('puts shared interests first, then the partner’s own, then generic lines', () => {
    const picks = pickIcebreakers({ ...base, viewerInterests: ['music', 'travel'], partnerInterests: ['travel', 'cooking', 'music', 'yoga'], count: 6 })
    expect(picks.map(kind)).toEqual(['shared', 'shared', 'theirs', 'theirs', 'generic', 'generic'])
    expect(new Set(picks.slice(0, 2).map((p) => p.values?.interest))).toEqual(new Set(['music', 'travel']))
    expect(new Set(picks.slice(2, 4).map((p) => p.values?.interest))).toEqual(new Set(['cooking', 'yoga']))
    for (const p of picks) expect(p.values?.name).toBe('Sam')
  })

  it('is deterministic for a seed, and different seeds can give different picks', () => {
    const input = { ...base, viewerInterests: ['music', 'travel', 'wine'], partnerInterests: ['travel', 'music', 'wine', 'dogs', 'cats'] }
    expect(pickIcebreakers(input)).toEqual(pickIcebreakers(input))
    const seen = new Set<string>()
    for (let seed = 0; seed < 20; seed++) seen.add(JSON.stringify(pickIcebreakers({ ...input, seed })))
    expect(seen.size).toBeGreaterThan(1)
    const generic = new Set<string>()
    for (let seed = 0; seed < 20; seed++) generic.add(JSON.stringify(pickIcebreakers({ ...base, seed, viewerInterests: [], partnerInterests: [] })))
    expect(generic.size).toBeGreaterThan(1)
  })

  it('never repeats a message or an interest', () => {
    for (let seed = 0; seed < 50; seed++) {
      const picks = pickIcebreakers({
        ...base,
        seed,
        count: 20,
        viewerInterests: ['music', 'travel', 'wine', 'dogs', 'music'],
        partnerInterests: ['travel', 'music', 'wine', 'dogs', 'cats', 'yoga', 'art', 'travel'],
      })
      expect(new Set(picks.map((p) => p.id)).size).toBe(picks.length)
      const interests = picks.map((p) => p.values?.interest).filter(Boolean)
      expect(new Set(interests).size).toBe(interests.length)
      expect(picks.length).toBeLessThanOrEqual(icebreakerMessageIds.length)
    }
  })

  it('respects count (default 4)', () => {
    const input = { ...base, viewerInterests: ['music'], partnerInterests: ['music', 'yoga'] }
    expect(pickIcebreakers(input)).toHaveLength(4)
    expect(pickIcebreakers({ ...input, count: 2 })).toHaveLength(2)
    expect(pickIcebreakers({ ...input, count: 1 }).map(kind)).toEqual(['shared'])
    expect(pickIcebreakers({ ...input, count: 0 })).toEqual([])
    expect(pickIcebreakers({ ...input, count: 100 }).length).toBeLessThanOrEqual(icebreakerMessageIds.length)
  })

  it('offers only generic lines without (known) interests', () => {
    for (const interests of [[], ['no-such-interest']]) {
      const picks = pickIcebreakers({ ...base, viewerInterests: interests, partnerInterests: interests, count: 6 })
      expect(picks).toHaveLength(6)
      expect(picks.every((p) => kind(p) === 'generic' && p.values?.interest === undefined)).toBe(true)
    }
  })

  it('has every message in every locale, with the placeholders of English', () => {
    expect(icebreakerMessageIds).toHaveLength(11)
    for (const id of icebreakerMessageIds) {
      const expected = [...placeholders(parse(catalogs.en[id]))].sort()
      if (!id.includes('generic')) expect(expected, id).toContain('interest')
      for (const l of locales) {
        expect(typeof catalogs[l][id], `${l}:${id}`).toBe('string')
        expect([...placeholders(parse(catalogs[l][id]))].sort(), `${l}:${id}`).toEqual(expected)
      }
    }
  })
})
