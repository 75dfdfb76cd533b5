import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The embedded test database, made once (issue 25: a suite a newcomer can run). Opening a fresh in-memory PGlite
 * runs initdb (5–6 s on this machine) and then the migrations; loading a migrated data directory takes about 1 s.
 * Vitest's global set-up writes the template for the current migrations, keyed by their contents and PGlite's
 * version, into node_modules/.cache; every test file's `openTestDatabase` loads it.
 */
const root = path.resolve(import.meta.dirname, '../..')
const migrationsFolder = path.join(root, 'db/migrations')

function templateKey(): string {
  const hash = crypto.createHash('sha256')
  const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string
  hash.update(version)
  for (const f of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const p = path.join(migrationsFolder, f)
    if (fs.statSync(p).isFile()) hash.update(f).update(fs.readFileSync(p))
  }
  return hash.digest('hex').slice(0, 16)
}

export const TEMPLATE_ENV = 'PGLITE_TEST_TEMPLATE'

/** Vitest globalSetup: makes the template unless one for these migrations exists, and names it for the workers. */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return
  const file = path.join(root, 'node_modules/.cache/pglite-test', `template-${templateKey()}.tar`)
  if (!fs.existsSync(file)) {
    const [{ PGlite }, { drizzle }, { migrate }, { PGLITE_PARAMS }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      import('#db/client.server'),
    ])
    // memory:// on both sides: a data directory dumped from PGlite's default in-memory store loads empty.
    const client = new PGlite('memory://', { startParams: [...PGlite.defaultStartParams, ...PGLITE_PARAMS] })
    await migrate(drizzle(client), { migrationsFolder })
    const dump = await client.dumpDataDir('none')
    await client.close()
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}`
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()))
    fs.renameSync(tmp, file)
  }
  process.env[TEMPLATE_ENV] = file
}
