import { createBus, setBus } from '#app/adapters/bus/index.server'
import { ensureSystemDiscountCodes } from '#app/features/billing/discounts.server'
import { ensureCompanyInfo } from '#app/features/content/company-info.server'
import { ensureInterests } from '#app/features/content/interests.server'
import { ensureContentPages } from '#app/features/content/content-pages.server'
import { listenForSettingChanges } from '#app/features/settings/settings.server'
import type { Env } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { isDatabaseEmpty, seedDemo } from '#db/seed/demo.server'
import { demoSeedDecision } from '#db/seed/demo-mode'
import { disablePublishedDemoOperators, seedDemoOperators } from '#app/features/console/operators/demo-operators.server'
import { createJobRunner } from './jobs.server'

const DATABASE_CLOSE_MS = 5_000
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref())

/** What a start does on first run besides serving: see `startServices`'s `seedApart`. */
export interface StartOptions {
  /**
   * Seeds the demo data in another process and resolves once that process has ended (server/worker.js). The seed
   * renders 300 avatars with sharp and writes thousands of rows; done here, its memory (libvips' buffers, the
   * embedded database's grown WASM heap, a V8 heap sized for it) stayed with the serving process for its whole life:
   * 615–770 MB after the logged-in load, where a process that did not seed held 357–525 MB (docs/performance.md).
   */
  seedApart?: () => Promise<void>
}

const openFor = (e: Env) => openDatabase({ url: e.DATABASE_URL, dataDir: e.DATA_DIR, namedStatements: e.DATABASE_NAMED_STATEMENTS === '1' })

/** Migrates and fills in what every installation needs (interests, company info, pages, system codes). */
async function prepareDatabase(handle: DbHandle): Promise<void> {
  await migrate(handle)
  await ensureInterests()
  await ensureCompanyInfo()
  await ensureContentPages()
  await ensureSystemDiscountCodes()
}

async function seedDemoData(e: Env): Promise<void> {
  logger.info('seeding demo data')
  await seedDemo({ dataDir: e.DATA_DIR, profiles: 300 })
  await seedDemoOperators(e.DATA_DIR)
}

/**
 * The seeding process's whole work (server/worker.js with SERVER_TASK=seed): open, seed, close. The serving process
 * migrated and prepared the database before it decided to seed, so that is not done twice.
 */
export async function seedDemoInThisProcess(e: Env): Promise<void> {
  const handle = await openFor(e)
  setDatabase(handle)
  try {
    await seedDemoData(e)
  } finally {
    await handle.close()
    setDatabase(undefined)
  }
}

/** Opens the database, migrates, seeds on first run and connects the bus: everything before listening. */
export async function startServices(e: Env, opts: StartOptions = {}): Promise<{ stopJobs(): Promise<void>; close(): Promise<void> }> {
  let handle = await openFor(e)
  setDatabase(handle)
  await prepareDatabase(handle)
  // Only where a person asked for a demo (decision record 025): never on a real installation by accident.
  const decision = demoSeedDecision(e.SEED_DEMO, { external: Boolean(e.DATABASE_URL), empty: e.SEED_DEMO === 'auto' && (await isDatabaseEmpty()) })
  if (decision === 'seed' && opts.seedApart) {
    // The embedded database takes one process at a time: this one lets go while the seeding process works.
    await handle.close()
    setDatabase(undefined)
    await opts.seedApart()
    handle = await openFor(e)
    setDatabase(handle)
  } else if (decision === 'seed') {
    await seedDemoData(e)
  } else if (decision === 'offer') {
    logger.info('empty database: no demo data seeded (DATABASE_URL is set); start once with SEED_DEMO=1 for a demo')
  }
  const disabled = await disablePublishedDemoOperators()
  if (disabled)
    logger.warn(
      { operators: disabled },
      'disabled demo operators seeded with the logins once published in the source; delete them in the console, or start a fresh demo',
    )
  const bus = createBus(e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined)
  setBus(bus)
  // Settings changed in the console reach every process's cache at once (else within its 10 s).
  await listenForSettingChanges()
  // Reactions to domain events and durable jobs run in every server process (decision record 010).
  const runner = createJobRunner()
  runner.start()
  return {
    /** Claims no more work and waits for the jobs and live reactions under way (bounded by the runner). */
    stopJobs: () => runner.stop(),
    async close() {
      await runner.stop()
      await bus.close()
      // Waits for the connections in use; should one never come back, the stop still ends (and says so).
      const closed = await Promise.race([handle.close().then(() => true), sleep(DATABASE_CLOSE_MS).then(() => false)])
      if (!closed) logger.warn({ ms: DATABASE_CLOSE_MS }, 'shutdown: database connections still in use, left behind')
      setDatabase(undefined)
    },
  }
}
