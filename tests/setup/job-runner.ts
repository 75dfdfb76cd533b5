import { afterEach, beforeAll, beforeEach } from 'vitest'
import type { JobRunner } from '#app/lib/jobs/job-runner.server'
import { createJobRunner } from '#server/jobs.server'

/**
 * Runs the product's job runner (every reaction of server/jobs.server.ts) in the background for the test file, as
 * the server does: events recorded by the code under test reach the bus, pushes and e-mails on their own. Call
 * after useTestDatabase().
 */
export function useJobRunner(): { runner: () => JobRunner } {
  let runner: JobRunner | undefined
  beforeAll(() => {
    runner = createJobRunner()
  })
  // Runs during each test only: the database is emptied between tests (TRUNCATE), which must not meet the
  // runner's queries (on PostgreSQL the two would deadlock).
  beforeEach(() => runner!.start())
  afterEach(async () => {
    await runner?.stop()
  })
  return { runner: () => runner! }
}

/** The product's job runner, not started: a test drives it with drain() and dispatchAll(). */
export function testJobRunner(): JobRunner {
  return createJobRunner()
}
