import { fork, type ChildProcess } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, type DbHandle } from '#db/client.server'
import { createTestDatabase } from '../../../tests/setup/server-process'

// Job runners in separate processes on one PostgreSQL database (SKIP LOCKED and leases are about processes).
// Included when TEST_DATABASE_URL and REDIS_URL are set (vitest.config.ts), like the other multi-process tests.

let handle: DbHandle
let url: string
const workers: ChildProcess[] = []

function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = fork('tests/setup/job-worker-process.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, JOB_TEST_DB: url, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  workers.push(child)
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child))
    child.once('exit', (code) => reject(new Error(`worker exited (${code})`)))
  })
}

const rows = async () =>
  (
    (await handle.db.execute(sql`select n, pid, attempt, phase from job_test_runs order by id`)) as unknown as {
      rows: { n: number; pid: number; attempt: number; phase: string }[]
    }
  ).rows
const enqueue = async (jobs: Record<string, unknown>[]) => {
  const { enqueueJobs } = await import('#db/jobs.server')
  await enqueueJobs(
    handle.db,
    jobs.map((payload) => ({ name: 'test.record', payload })),
  )
}

beforeAll(async () => {
  url = await createTestDatabase(process.env.TEST_DATABASE_URL!, 'jobs')
  handle = await openDatabase({ url, poolSize: 2 })
  await migrate(handle)
  await handle.db.execute(sql`create table job_test_runs (id serial primary key, n int, pid int, attempt int, phase text)`)
}, 60_000)

afterEach(async () => {
  for (const w of workers.splice(0)) if (w.exitCode === null) w.kill('SIGKILL')
  await handle.db.execute(sql`truncate job_test_runs; delete from jobs`)
})

afterAll(async () => {
  await handle?.close()
})

describe('job runners in two processes', () => {
  it('never run one job twice', async () => {
    await Promise.all([startWorker(), startWorker()])
    await enqueue(Array.from({ length: 200 }, (_, n) => ({ n })))
    const start = Date.now()
    let done: Awaited<ReturnType<typeof rows>> = []
    while (Date.now() - start < 30_000) {
      done = (await rows()).filter((r) => r.phase === 'end')
      if (done.length >= 200) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const all = await rows()
    expect(all.filter((r) => r.phase === 'start')).toHaveLength(200)
    expect(new Set(done.map((r) => r.n)).size).toBe(200)
    expect(done).toHaveLength(200)
    // Both processes took part.
    expect(new Set(done.map((r) => r.pid)).size).toBe(2)
  }, 60_000)

  it('give the job of a process killed mid-job to the other once its lease ends, and run it once more only', async () => {
    // timeout 1 s: a lease of 6 s (runner: slowest timeout + 5 s).
    const a = await startWorker({ JOB_TIMEOUT_MS: '1000' })
    await enqueue([{ n: 1, firstAttemptMs: 30_000 }])
    let started: Awaited<ReturnType<typeof rows>> = []
    for (let i = 0; i < 100 && !started.length; i++) {
      started = (await rows()).filter((r) => r.phase === 'start')
      if (!started.length) await new Promise((r) => setTimeout(r, 50))
    }
    expect(started).toMatchObject([{ n: 1, attempt: 1, pid: a.pid }])
    a.kill('SIGKILL')
    const b = await startWorker({ JOB_TIMEOUT_MS: '1000' })
    const begin = Date.now()
    let ends: Awaited<ReturnType<typeof rows>> = []
    while (Date.now() - begin < 20_000 && !ends.length) {
      ends = (await rows()).filter((r) => r.phase === 'end')
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(ends).toMatchObject([{ n: 1, attempt: 2, pid: b.pid }])
    const left = (await handle.db.execute(sql`select count(*)::int as c from jobs`)) as unknown as { rows: { c: number }[] }
    expect(left.rows[0].c).toBe(0)
  }, 60_000)
})
