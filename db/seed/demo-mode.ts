/** SEED_DEMO as app/lib/env.server.ts reads it: unset is 'auto', 1 'always', 0 'never'. */
export type SeedDemoSetting = 'auto' | 'always' | 'never'

/**
 * - seed: this start seeds the demo data (profiles, demo members, demo operators);
 * - offer: a fresh PostgreSQL database that gets no demo unless asked (the start says SEED_DEMO=1 would give one);
 * - skip: nothing.
 */
export type DemoSeedDecision = 'seed' | 'offer' | 'skip'

/**
 * Demo and production are different modes (decision record 025): the demo is seeded only where a person asked for
 * one. SEED_DEMO=1 asks on any database; unset, only the quick start asks (the embedded database, no DATABASE_URL)
 * and only while it is empty: no members and no operators, so an operator made with `npm run operator:create` is
 * never joined by demo operators. A DATABASE_URL is a real installation: nothing demo without SEED_DEMO=1.
 */
export function demoSeedDecision(setting: SeedDemoSetting, database: { external: boolean; empty: boolean }): DemoSeedDecision {
  if (setting === 'never') return 'skip'
  if (setting === 'always') return 'seed'
  if (!database.empty) return 'skip'
  return database.external ? 'offer' : 'seed'
}
