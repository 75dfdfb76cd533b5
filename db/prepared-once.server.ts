import { sql, type Placeholder } from 'drizzle-orm'
import { db, type Db } from './client.server'

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>
}

/**
 * A Drizzle query written with placeholders (`p('viewerId')`) and prepared once per database handle (tests open
 * several): its SQL is built at the first run only, each run fills in the values, and Drizzle maps the rows as
 * usual. For the statements of the pages a member loads most: building them again on every request was a tenth of
 * a page's CPU (docs/performance.md, "Logged-in pages"). `name` names the statement on each connection, so it must
 * be unique to the query's text. Where the text depends on the values (which filters are set), use one per shape.
 * For raw SQL, or a statement that runs inside a transaction, there is builtOnce (db/built-once.server.ts).
 */
export function preparedOnce<R>(name: string, build: (p: (key: string) => Placeholder) => { prepare(name: string): Prepared<R> }) {
  const byDb = new WeakMap<Db, Prepared<R>>()
  return (values: Record<string, unknown>): Promise<R> => {
    const handle = db()
    let prepared = byDb.get(handle)
    if (!prepared) byDb.set(handle, (prepared = build((key) => sql.placeholder(key)).prepare(name)))
    return prepared.execute(values)
  }
}
