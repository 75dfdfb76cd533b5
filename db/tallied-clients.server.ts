import type { PGlite, Transaction } from '@electric-sql/pglite'
import type pg from 'pg'
import { startStatement, statementName, tallied } from './query-tally.server'

type PgModule = typeof pg
type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown }

/**
 * node-postgres' client with every parameterised statement prepared under a name once per connection (issue 26:
 * unnamed statements were parsed and planned on every request, which cost more than running them) and counted in
 * the request's tally. Cursors and streams (objects with `submit`) pass as they are.
 */
export function talliedPgClient(Base: PgModule['Client'], named: boolean): PgModule['Client'] {
  class TalliedClient extends Base {
    // @ts-expect-error one implementation for node-postgres' overloads; promise calls are the ones counted
    override query(config: unknown, values?: unknown, callback?: unknown) {
      let sent = config
      if (config && typeof config === 'object' && typeof (config as QueryConfig).submit !== 'function') {
        const c = config as QueryConfig
        if (!named) {
          // No statement is kept on the connection, not even one the caller named (preparedOnce): a pooler in
          // transaction mode would hand the next run another connection, which does not know it.
          if (c.name !== undefined) sent = { ...c, name: undefined }
        } else {
          const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements
          const name =
            c.name === undefined && typeof c.text === 'string' && Array.isArray(values) ? statementName(c.text, values, Object.keys(parsed).length) : undefined
          if (name) sent = { ...c, name }
        }
      }
      // node-postgres' pool passes a callback (pool.query), drizzle's transactions await a promise: count both.
      const done = startStatement()
      if (!done) {
        // @ts-expect-error passed on as given
        return super.query(sent, values, callback)
      }
      const wrap = (cb: unknown) => (err: unknown, res: unknown) => {
        done()
        ;(cb as (e: unknown, r: unknown) => void)(err, res)
      }
      if (typeof values === 'function') values = wrap(values)
      else if (typeof callback === 'function') callback = wrap(callback)
      else if (typeof config === 'object' && config && typeof (config as { callback?: unknown }).callback === 'function')
        sent = { ...(sent as object), callback: wrap((config as { callback: unknown }).callback) }
      // @ts-expect-error passed on as given
      const result: unknown = super.query(sent, values, callback)
      if (result instanceof Promise) result.then(done, done)
      return result
    }
  }
  return TalliedClient as unknown as PgModule['Client']
}

/** The embedded database's client with its statements, also those inside transactions, counted in the request's tally. */
export function tallyPglite(client: PGlite): PGlite {
  const query = client.query.bind(client)
  const transaction = client.transaction.bind(client)
  type Query = PGlite['query']
  const wrapTx = (tx: Transaction): Transaction => {
    const txQuery = tx.query.bind(tx) as Query
    return Object.assign(tx, { query: ((...a: Parameters<Query>) => tallied(txQuery(...a))) as Query })
  }
  return Object.assign(client, {
    query: ((...a: Parameters<Query>) => tallied(query(...a))) as Query,
    transaction: (<T>(fn: (tx: Transaction) => Promise<T>) => transaction((tx) => fn(wrapTx(tx)))) as PGlite['transaction'],
  })
}
