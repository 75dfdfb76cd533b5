import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client.server'

const dialect = new PgDialect()

type Placeholders<V> = { [K in keyof V]: Placeholder<K & string> }

export interface BuiltOnce<V extends Record<string, unknown>, R> {
  /** Runs the statement on the database or inside a transaction, with a value for each placeholder. */
  (q: DbOrTx, values: V): Promise<R[]>
  /** The statement's text, built at the first run or here. */
  text(): string
}

/**
 * A statement whose SQL Drizzle builds once, at its first run, instead of on every run: its builder walks every
 * chunk of a query and checks each against its classes by prototype chain, and on the chat's write path that was a
 * third of the server's CPU (issue 26, bench/chat-scale.ts profile). `build` gets a placeholder per value; each run
 * fills them in. Rows come back as the database sent them: name the columns with `as "..."`, cast what must be a
 * number, and expect timestamps as text.
 */
export function builtOnce<V extends Record<string, unknown>, R = Record<string, unknown>>(
  keys: ReadonlyArray<keyof V & string>,
  build: (p: Placeholders<V>) => SQL,
): BuiltOnce<V, R> {
  let query: Query | undefined
  const built = () => {
    if (!query) {
      const p = Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as Placeholders<V>
      query = dialect.sqlToQuery(build(p))
    }
    return query
  }
  const run = async (q: DbOrTx, values: V) => {
    const prepared = q._.session.prepareQuery(built(), undefined, undefined, false)
    const result = (await prepared.execute(values)) as { rows: R[] }
    return result.rows
  }
  return Object.assign(run, { text: () => built().sql })
}
