import type pg from 'pg'

type PgClientClass = (typeof pg)['Client']
type QueryConfig = { text?: unknown }

const isBegin = (config: unknown) => {
  const text = typeof config === 'string' ? config : config && typeof config === 'object' ? (config as QueryConfig).text : undefined
  return typeof text === 'string' && /^\s*begin\b/i.test(text)
}

/**
 * Gives a pooled connection back (destroyed) when its BEGIN fails. Drizzle's node-postgres transactions run BEGIN
 * before the try/finally that releases the connection (drizzle-orm 0.45, issues #6023 and #6241, unfixed): a
 * connection that died while idle in the pool was leaked on its next transaction. Each leak shrank the pool for good,
 * and a graceful stop waited forever for it in `pool.end()` (a rolling restart after PostgreSQL had ended the
 * connections). Drizzle never releases after a failed BEGIN, so this release is the only one.
 */
export function releaseOnFailedBegin(Base: PgClientClass): PgClientClass {
  class ReleasingClient extends Base {
    // @ts-expect-error one implementation for node-postgres' overloads
    override query(config: unknown, values?: unknown, callback?: unknown) {
      // @ts-expect-error passed on as given
      const result: unknown = super.query(config, values, callback)
      if (result instanceof Promise && isBegin(config)) {
        result.catch((err: unknown) => {
          const release = (this as unknown as { release?: (err?: unknown) => void }).release
          if (typeof release === 'function') release(err instanceof Error ? err : new Error(String(err)))
        })
      }
      return result
    }
  }
  return ReleasingClient as unknown as PgClientClass
}
