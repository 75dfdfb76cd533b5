import fs from 'node:fs'
import path from 'node:path'
import { and, isNull, ne, sql } from 'drizzle-orm'
import type { Env } from '#app/lib/env.server'
import { MANIFEST_FILE, readManifest } from '#db/backup/manifest'
import { db, openDatabase, setDatabase } from '#db/client.server'
import { operators, users } from '#db/schema/index'
import { inferTopology, readinessReport, type ReadinessFacts, type ReadinessItem, type Topology } from './readiness.server'

/**
 * The facts of the readiness report that the configuration does not hold, read cheaply and without changing
 * anything: files in DATA_DIR, demo logins in the database, the newest backup. Secrets are never read, only
 * whether their files exist.
 */

/** Where `npm run backup` writes without an argument (scripts/backup.ts), relative to the site's folder. */
export const DEFAULT_BACKUP_DIR = 'backups'

/** Demo members and operators (e-mail at @demo.local) who can still sign in: not deleted, not disabled. */
export async function countDemoLogins(): Promise<number> {
  const demo = (email: typeof users.email | typeof operators.email) => sql`lower(${email}) like '%@demo.local'`
  try {
    const [m] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(demo(users.email), ne(users.status, 'deleted')))
    const [o] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(operators)
      .where(and(demo(operators.email), isNull(operators.disabledAt)))
    return Number(m.n) + Number(o.n)
  } catch (e) {
    // A database never started on has no tables, and so no demo logins either.
    if ((e as { cause?: { code?: string } }).cause?.code === '42P01') return 0
    throw e
  }
}

/** The time of the newest complete backup (one with a manifest) in `dir`, or null. */
export function newestBackupAt(dir: string): Date | null {
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return null
  }
  // Backup folders are named by their UTC time, so the newest sorts last; half-written ones start with a dot.
  for (const name of names
    .filter((n) => !n.startsWith('.'))
    .sort()
    .reverse()) {
    if (!fs.existsSync(path.join(dir, name, MANIFEST_FILE))) continue
    try {
      const at = new Date(readManifest(path.join(dir, name)).createdAt)
      if (!Number.isNaN(at.getTime())) return at
    } catch {
      // Not a manifest this version reads: look further back.
    }
  }
  return null
}

export interface FactOptions {
  topology?: Partial<Topology>
  backupDir?: string
  demoLogins: { count: number } | { unchecked: string }
  now?: Date
}

export function readinessFacts(e: Env, o: FactOptions): ReadinessFacts {
  const backupDir = o.backupDir ?? DEFAULT_BACKUP_DIR
  const inDataDir = (name: string) => fs.existsSync(path.resolve(e.DATA_DIR, name))
  return {
    topology: inferTopology(e, o.topology),
    vapidFile: inDataDir('vapid.json'),
    demoLoginsFile: inDataDir('demo-logins.json'),
    demoLogins: 'count' in o.demoLogins ? o.demoLogins.count : null,
    demoLoginsUnchecked: 'unchecked' in o.demoLogins ? o.demoLogins.unchecked : undefined,
    backupDir,
    lastBackupAt: newestBackupAt(path.resolve(backupDir)),
    now: o.now ?? new Date(),
  }
}

/** The report for the running site (the console's dashboard): its configuration, its database, the default backup folder. */
export async function siteReadiness(e: Env): Promise<{ items: ReadinessItem[]; topology: Topology }> {
  const demoLogins = await countDemoLogins().then(
    (count) => ({ count }),
    () => ({ unchecked: 'the database could not be read' }),
  )
  const facts = readinessFacts(e, { demoLogins })
  return { items: readinessReport(e, facts), topology: facts.topology }
}

/**
 * Demo logins as the command line finds them: on PostgreSQL by a short read-only query; the embedded database is
 * not opened (the running server holds it, and opening it would create it where there is none).
 */
export async function demoLoginsFromCommandLine(e: Env): Promise<FactOptions['demoLogins']> {
  if (!e.DATABASE_URL) return { unchecked: 'the embedded database is not opened by doctor' }
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined
  try {
    handle = await openDatabase({ url: e.DATABASE_URL, poolSize: 1 })
    setDatabase(handle)
    return { count: await countDemoLogins() }
  } catch (err) {
    // Only the error's code: the message may name the host or the user.
    const cause = (err as { cause?: { code?: string } }).cause ?? err
    return { unchecked: `the database could not be read (${(cause as { code?: string }).code ?? 'error'})` }
  } finally {
    setDatabase(undefined)
    await handle?.close().catch(() => {})
  }
}
