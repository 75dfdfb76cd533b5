import fs from 'node:fs'
import path from 'node:path'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { logger } from '#app/lib/logger.server'
import * as schema from './schema/index'
import { lockDataDir } from './data-dir-lock.server'
import { releaseOnFailedBegin } from './failed-begin-release.server'
import { talliedPgClient, tallyPglite } from './tallied-clients.server'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export interface DbHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Statements that can run at once: the pool's size (PGlite runs one at a time). */
  connections: number
  close(): Promise<void>
}

export const migrationsFolder = path.resolve(process.cwd(), 'db/migrations')

// PostgreSQL's default 128 MB of shared buffers is allocated in the WebAssembly heap at start, on top of the
// operating system's file cache that PGlite reads through: 32 MB holds a small site's working set and keeps the idle
// process about 96 MB smaller (issue 14, docs/performance.md). Larger sites run on PostgreSQL (DATABASE_URL).
export const PGLITE_PARAMS = ['-c', 'shared_buffers=32MB']

/** Where the embedded database keeps its files under DATA_DIR. */
export const pgliteDataDir = (dataDir: string) => path.resolve(dataDir, 'pglite')

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite persisted in `dataDir` (or in memory). */
export async function openDatabase(opts: {
  url?: string
  dataDir?: string
  poolSize?: number
  namedStatements?: boolean
  /** In memory only: a data directory (a tarball from PGlite's dumpDataDir) to start from instead of an empty one. */
  template?: string
}): Promise<DbHandle> {
  if (opts.url) {
    const [{ drizzle }, pg] = await Promise.all([import('drizzle-orm/node-postgres'), import('pg')])
    // A request waits at most 5 s for a connection: when the database is away it gets a 503, not a hang.
    const connections = opts.poolSize ?? 20
    const pool = new pg.default.Pool({
      connectionString: opts.url,
      max: connections,
      connectionTimeoutMillis: 5000,
      Client: talliedPgClient(releaseOnFailedBegin(pg.default.Client), opts.namedStatements ?? true),
    })
    // An idle connection that the server ends (restart, failover, pg_terminate_backend) is reported here; the pool
    // drops it and opens a new one on the next query. Unlistened, the event would stop the process.
    pool.on('error', (err: Error & { code?: string }) => logger.warn({ code: err.code ?? err.name }, 'idle database connection lost'))
    // A connection lost while checked out (inside a transaction, between two statements) is reported on its client,
    // where the pool listens no more: without this listener that too would stop the process. The client's next
    // query fails instead, and that request or job fails alone.
    pool.on('connect', (client) => {
      client.on('error', (err: Error & { code?: string }) => logger.warn({ code: err.code ?? err.name }, 'database connection lost while in use'))
    })
    const db = drizzle(pool, { schema }) as unknown as Db
    return { db, kind: 'postgres', connections, close: () => pool.end() }
  }
  const [{ drizzle }, { PGlite }] = await Promise.all([import('drizzle-orm/pglite'), import('@electric-sql/pglite')])
  let dataDir: string | undefined
  let unlock = () => {}
  if (opts.dataDir) {
    dataDir = pgliteDataDir(opts.dataDir)
    fs.mkdirSync(dataDir, { recursive: true })
    // One process at a time (db/data-dir-lock.server.ts): a second server, or a backup under way, is refused here.
    unlock = lockDataDir(dataDir, { takeForeign: true, onTakeOver: (h) => logger.warn({ pid: h.pid }, 'took over the embedded database lock of another host') })
  }
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_PARAMS]
  const client = tallyPglite(
    !dataDir && opts.template
      ? new PGlite('memory://', { startParams, loadDataDir: new Blob([fs.readFileSync(opts.template)]) })
      : new PGlite(dataDir, { startParams }),
  )
  try {
    await client.waitReady
  } catch (e) {
    unlock()
    throw e
  }
  const db = drizzle(client, { schema }) as unknown as Db
  return { db, kind: 'pglite', connections: 1, close: () => client.close().finally(unlock) }
}

/** Applies the committed migrations; on PostgreSQL an advisory lock keeps two starting processes apart. */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator')
    const { sql } = await import('drizzle-orm')
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727271)`)
      await run(tx as never, { migrationsFolder })
    })
    return
  }
  const { migrate: run } = await import('drizzle-orm/pglite/migrator')
  await run(handle.db as never, { migrationsFolder })
}

// One handle per process, shared by the HTTP app, the socket hub and jobs (see server/app.ts).
const g = globalThis as unknown as { __dbHandle?: DbHandle }

export function setDatabase(handle: DbHandle | undefined): void {
  g.__dbHandle = handle
}

export function db(): Db {
  if (!g.__dbHandle) throw new Error('Database not opened: call setDatabase() at start-up')
  return g.__dbHandle.db
}

export function dbHandle(): DbHandle | undefined {
  return g.__dbHandle
}
