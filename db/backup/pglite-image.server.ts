import fs from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import { PGLITE_PARAMS } from '../client.server'

/**
 * The embedded database as an image of its data directory (PGlite's dumpDataDir, a gzipped tar), loaded back
 * with its loadDataDir option. A physical copy, not a logical dump: PGlite has no pg_dump of its own in the
 * installed version, and an image restores to exactly the same state, indexes included. The caller holds the
 * directory's lock (db/data-dir-lock.server.ts): nothing else has it open.
 */
async function open(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite')
  const client = new PGlite(dir, { loadDataDir, startParams: [...PGlite.defaultStartParams, ...PGLITE_PARAMS] })
  await client.waitReady
  return client
}

async function migrationCount(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
  )
  return rows[0]?.n ?? 0
}

/** Writes an image of the database in `dir` to `file`; returns how many migrations it has. */
export async function dumpPglite(dir: string, file: string): Promise<{ migrations: number }> {
  const client = await open(dir)
  try {
    const migrations = await migrationCount(client)
    // Everything on the data files, so that the image needs no recovery from the log when loaded.
    await client.exec('checkpoint')
    const image = await client.dumpDataDir('gzip')
    await fs.promises.writeFile(file, Buffer.from(await image.arrayBuffer()), { mode: 0o600 })
    return { migrations }
  } finally {
    await client.close()
  }
}

/** Loads the image `file` into the new directory `dir`; returns how many migrations the loaded database has. */
export async function loadPglite(file: string, dir: string): Promise<{ migrations: number }> {
  const client = await open(dir, new Blob([await fs.promises.readFile(file)]))
  try {
    return { migrations: await migrationCount(client) }
  } finally {
    await client.close()
  }
}
