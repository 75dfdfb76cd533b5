// A job-runner process for app/lib/jobs/job-runner.multi.test.ts: runs `test.record` jobs, which write when they
// start and when they end into job_test_runs. Started with `node --import tsx`; JOB_TEST_DB names the database.
import { sql } from 'drizzle-orm'
import { JobRunner } from '#app/lib/jobs/job-runner.server'
import { openDatabase, setDatabase } from '#db/client.server'

const handle = await openDatabase({ url: process.env.JOB_TEST_DB!, poolSize: 4 })
setDatabase(handle)
const runner = new JobRunner({ pollMs: 50, concurrency: 4 }).defineJob(
  'test.record',
  async (p, job) => {
    await handle.db.execute(sql`insert into job_test_runs (n, pid, attempt, phase) values (${Number(p.n)}, ${process.pid}, ${job.attempt}, 'start')`)
    // The first attempt may be told to take long (and to be killed meanwhile).
    if (job.attempt === 1 && p.firstAttemptMs) await new Promise((r) => setTimeout(r, Number(p.firstAttemptMs)))
    await handle.db.execute(sql`insert into job_test_runs (n, pid, attempt, phase) values (${Number(p.n)}, ${process.pid}, ${job.attempt}, 'end')`)
  },
  { timeoutMs: Number(process.env.JOB_TIMEOUT_MS ?? 60_000) },
)
runner.start()
process.send?.('ready')
process.on('SIGTERM', () => {
  void runner.stop().then(async () => {
    await handle.close()
    process.exit(0)
  })
})
