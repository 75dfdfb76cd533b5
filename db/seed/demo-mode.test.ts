import { describe, expect, it } from 'vitest'
import { demoSeedDecision } from './demo-mode'

describe('whether a start seeds the demo (decision record 025)', () => {
  it('SEED_DEMO unset: the quick start (embedded database) seeds while it has no members and no operators', () => {
    expect(demoSeedDecision('auto', { external: false, empty: true })).toBe('seed')
    expect(demoSeedDecision('auto', { external: false, empty: false })).toBe('skip')
  })

  it('SEED_DEMO unset with DATABASE_URL: never seeds; an empty database gets the hint that SEED_DEMO=1 gives a demo', () => {
    expect(demoSeedDecision('auto', { external: true, empty: true })).toBe('offer')
    expect(demoSeedDecision('auto', { external: true, empty: false })).toBe('skip')
  })

  it('SEED_DEMO=1 seeds on any database, empty or not', () => {
    for (const external of [false, true]) for (const empty of [false, true]) expect(demoSeedDecision('always', { external, empty })).toBe('seed')
  })

  it('SEED_DEMO=0 never seeds', () => {
    for (const external of [false, true]) for (const empty of [false, true]) expect(demoSeedDecision('never', { external, empty })).toBe('skip')
  })
})
