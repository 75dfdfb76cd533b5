import { afterAll, beforeAll } from 'vitest'
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
    runner.start()
  })
  afterAll(async () => {
    await runner?.stop()
  })
  return { runner: () => runner! }
}

/** The product's job runner, not started: a test drives it with drain() and dispatchAll(). */
export function testJobRunner(): JobRunner {
  return createJobRunner()
}
