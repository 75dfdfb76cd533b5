import { describe, expect, it } from 'vitest'
import { isCompatible, proposedAges, sexualitiesSeeking, wantedGenders, type Orientation } from './compatibility'

/**
 * The rule written out by hand, independently of the code: a man or woman who is hetero looks for the other
 * gender, gay or lesbian for their own (whichever of the two words they chose), bi for both; two members are
 * compatible when each is of a gender the other looks for.
 */
const kinds = {
  'hetero man': { gender: 'male', sexuality: 'hetero' },
  'gay man': { gender: 'male', sexuality: 'gay' },
  'lesbian man': { gender: 'male', sexuality: 'lesbian' },
  'bi man': { gender: 'male', sexuality: 'bi' },
  'hetero woman': { gender: 'female', sexuality: 'hetero' },
  'gay woman': { gender: 'female', sexuality: 'gay' },
  'lesbian woman': { gender: 'female', sexuality: 'lesbian' },
  'bi woman': { gender: 'female', sexuality: 'bi' },
} satisfies Record<string, Orientation>
type Kind = keyof typeof kinds
const order = Object.keys(kinds) as Kind[]

// Row: the first member; column: the second, in the order of `order`. 1 = compatible.
//                                  hM gM lM bM hW gW lW bW
const expected: Record<Kind, string> = {
  'hetero man': /*            */ '0  0  0  0  1  0  0  1',
  'gay man': /*               */ '0  1  1  1  0  0  0  0',
  'lesbian man': /*           */ '0  1  1  1  0  0  0  0',
  'bi man': /*                */ '0  1  1  1  1  0  0  1',
  'hetero woman': /*          */ '1  0  0  1  0  0  0  0',
  'gay woman': /*             */ '0  0  0  0  0  1  1  1',
  'lesbian woman': /*         */ '0  0  0  0  0  1  1  1',
  'bi woman': /*              */ '1  0  0  1  0  1  1  1',
}

const pairs = order.flatMap((a) => {
  const row = expected[a].split(/\s+/)
  return order.map((b, i) => ({ a, b, compatible: row[i] === '1' }))
})

describe('isCompatible', () => {
  it('the expectation table is complete and symmetric', () => {
    expect(pairs).toHaveLength(64)
    for (const p of pairs) expect(pairs.find((q) => q.a === p.b && q.b === p.a)!.compatible, `${p.a} / ${p.b}`).toBe(p.compatible)
  })

  it.each(pairs)('$a with $b: $compatible', ({ a, b, compatible }) => {
    expect(isCompatible(kinds[a], kinds[b])).toBe(compatible)
  })

  it('the examples of the brief', () => {
    const yes = (a: Kind, b: Kind) => isCompatible(kinds[a], kinds[b]) && isCompatible(kinds[b], kinds[a])
    expect(yes('hetero man', 'hetero woman')).toBe(true)
    expect(yes('hetero man', 'lesbian woman')).toBe(false)
    expect(yes('gay man', 'gay man')).toBe(true)
    expect(yes('gay man', 'hetero man')).toBe(false)
    expect(yes('bi woman', 'hetero man')).toBe(true)
    expect(yes('bi woman', 'lesbian woman')).toBe(true)
    expect(yes('bi woman', 'gay man')).toBe(false)
    expect(yes('lesbian woman', 'bi man')).toBe(false)
  })
})

describe('wantedGenders and sexualitiesSeeking', () => {
  it('what each kind looks for', () => {
    const wants: Record<Kind, string[]> = {
      'hetero man': ['female'],
      'gay man': ['male'],
      'lesbian man': ['male'],
      'bi man': ['female', 'male'],
      'hetero woman': ['male'],
      'gay woman': ['female'],
      'lesbian woman': ['female'],
      'bi woman': ['female', 'male'],
    }
    for (const k of order) expect([...wantedGenders(kinds[k])].sort(), k).toEqual(wants[k])
  })

  it('the sexualities of those of a gender who look for the viewer’s gender', () => {
    expect([...sexualitiesSeeking('male', 'female')].sort()).toEqual(['bi', 'hetero'])
    expect([...sexualitiesSeeking('female', 'male')].sort()).toEqual(['bi', 'hetero'])
    expect([...sexualitiesSeeking('male', 'male')].sort()).toEqual(['bi', 'gay', 'lesbian'])
    expect([...sexualitiesSeeking('female', 'female')].sort()).toEqual(['bi', 'gay', 'lesbian'])
  })
})

describe('proposedAges', () => {
  it.each([
    [18, 18, 28],
    [19, 18, 29],
    [27, 18, 37],
    [28, 18, 38],
    [35, 25, 45],
    [89, 79, 99],
    [90, 80, 99],
    [99, 89, 99],
    [104, 94, 99],
  ])('age %i proposes %i to %i', (age, min, max) => {
    expect(proposedAges(age)).toEqual({ min, max })
  })
})
