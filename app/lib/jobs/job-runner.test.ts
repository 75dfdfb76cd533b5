import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '#db/client.server'
import { recordEvent } from '#db/events.server'
import { claimDueJobs, completeJobs, enqueueJobs, listFailedJobs, msUntilNextJob, retryFailedJob } from '#db/jobs.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { JobRunner } from './job-runner.server'

useTestDatabase()

const countJobs = async () => Number(((await db().execute(sql`select count(*)::int as n from jobs`)) as unknown as { rows: { n: number }[] }).rows[0].n)
const like = (likerId: number) => ({ type: 'like.given' as const, payload: { likerId, likedId: 99, match: false } })

describe('the job runner', () => {
  it('hands each event to its live reactions once and schedules its jobs once, even with two runners', async () => {
    await db().transaction(async (tx) => {
      for (let i = 1; i <= 30; i++) await recordEvent(tx, like(i))
    })
    const seen: number[] = []
    const make = () =>
      new JobRunner({ eventBatch: 7 }).on('like.given', {
        name: 'test',
        live: async (e) => void seen.push(e.payload.likerId),
        jobs: (e) => [{ name: 'noop', payload: { likerId: e.payload.likerId } }],
      })
    const [a, b] = [make(), make()]
    const dispatched = await Promise.all([a.dispatchAll(), b.dispatchAll()])
    expect(dispatched[0] + dispatched[1]).toBe(30)
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    expect(await countJobs()).toBe(30)
    expect(await a.dispatchAll()).toBe(0)
  })

  it('runs a failed live reaction again from the live retry job, and leaves no job when all succeeded', async () => {
    await db().transaction(async (tx) => {
      await recordEvent(tx, like(1))
      await recordEvent(tx, like(2))
    })
    const calls: number[] = []
    const runner = new JobRunner().on('like.given', {
      name: 'test',
      live: async (e) => {
        calls.push(e.payload.likerId)
        // The bus is away for the first delivery of like 2.
        if (e.payload.likerId === 2 && calls.filter((n) => n === 2).length === 1) throw new Error('bus away')
      },
    })
    expect(await runner.dispatchAll()).toBe(2)
    // Due in 2 s: the process that claimed the events may still finish them.
    expect(await countJobs()).toBe(1)
    expect(await claimDueJobs(10, 1000)).toEqual([])
    await db().execute(sql`update jobs set run_at = now()`)
    expect(await runner.drain()).toBe(1)
    expect(calls).toEqual([1, 2, 1, 2])
    expect(await countJobs()).toBe(0)

    // All live reactions ran: the safety net is removed at once.
    await db().transaction((tx) => recordEvent(tx, like(3)))
    expect(await runner.dispatchAll()).toBe(1)
    expect(await countJobs()).toBe(0)
  })

  it('runs every job exactly once when two runners claim side by side', async () => {
    await enqueueJobs(
      db(),
      Array.from({ length: 60 }, (_, i) => ({ name: 'count', payload: { n: i } })),
    )
    const runs: number[] = []
    const make = () =>
      new JobRunner({ concurrency: 5 }).defineJob('count', async (p) => {
        await new Promise((r) => setTimeout(r, 2))
        runs.push(p.n as number)
      })
    const ran = await Promise.all([make().drain(), make().drain()])
    expect(ran[0] + ran[1]).toBe(60)
    expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expect(await countJobs()).toBe(0)
  })

  it('retries a job that throws with a growing delay, then keeps it as failed, visible and retryable', async () => {
    await enqueueJobs(db(), [{ name: 'flaky', payload: {}, maxAttempts: 2 }])
    let calls = 0
    const runner = new JobRunner().defineJob('flaky', async () => {
      calls += 1
      throw new Error('smtp said no')
    })
    await runner.drain()
    expect(calls).toBe(1)
    // The retry waits about 4 s (±20 %): not due yet.
    expect(await claimDueJobs(10, 1000)).toEqual([])
    await db().execute(sql`update jobs set run_at = now()`)
    await runner.drain()
    expect(calls).toBe(2)
    const failed = await listFailedJobs()
    expect(failed).toMatchObject([{ name: 'flaky', attempts: 2, lastError: 'smtp said no' }])
    expect(await retryFailedJob(failed[0].id)).toBe(true)
    await runner.drain()
    expect(calls).toBe(3)
  })

  it('schedules a keyed job once while it waits', async () => {
    const job = { name: 'mail', payload: {}, key: 'new_messages:1:2', delayMs: 60_000 }
    expect(await enqueueJobs(db(), [job])).toBe(1)
    expect(await enqueueJobs(db(), [job, job])).toBe(0)
    expect(await countJobs()).toBe(1)
  })

  it('gives a job whose lease ran out (its process died) to another runner', async () => {
    await enqueueJobs(db(), [{ name: 'orphan', payload: {} }])
    // A process claims it and dies: nobody completes it.
    const [claimed] = await claimDueJobs(1, 50)
    expect(claimed.attempts).toBe(1)
    expect(await claimDueJobs(1, 50)).toEqual([])
    await new Promise((r) => setTimeout(r, 120))
    let ran = 0
    await new JobRunner().defineJob('orphan', async () => void (ran += 1)).drain()
    expect(ran).toBe(1)
    expect(await countJobs()).toBe(0)
  })

  it('fails a job that runs past its timeout, and one without a handler, without stopping the others', async () => {
    await enqueueJobs(db(), [
      { name: 'slow', payload: {}, maxAttempts: 1 },
      { name: 'unknown', payload: {} },
      { name: 'fine', payload: {} },
    ])
    let fine = 0
    const runner = new JobRunner()
      .defineJob('slow', () => new Promise((r) => setTimeout(r, 500)), { timeoutMs: 50 })
      .defineJob('fine', async () => void (fine += 1))
    await runner.drain()
    expect(fine).toBe(1)
    expect((await listFailedJobs()).map((j) => [j.name, j.lastError]).sort()).toEqual([
      ['slow', 'timed out after 50 ms'],
      ['unknown', 'no handler for job unknown'],
    ])
  })

  it('runs a recurring job once per period, across runners, once started', async () => {
    let runs = 0
    const make = () => new JobRunner({ pollMs: 20 }).defineJob('hourly', async () => void (runs += 1)).every('hourly', 3600_000)
    const [a, b] = [make(), make()]
    a.start()
    b.start()
    await new Promise((r) => setTimeout(r, 300))
    await Promise.all([a.stop(), b.stop()])
    expect(runs).toBe(1)
  })

  it('lets a recurring job marked skipFirst start counting instead of running at the very first start', async () => {
    const { claimSchedulePeriod } = await import('#db/jobs.server')
    expect(await claimSchedulePeriod('digest', new Date('2026-01-01T00:00:00Z'), { skipFirst: true })).toBe(false)
    expect(await claimSchedulePeriod('digest', new Date('2026-01-01T00:00:00Z'), { skipFirst: true })).toBe(false)
    expect(await claimSchedulePeriod('digest', new Date('2026-01-08T00:00:00Z'), { skipFirst: true })).toBe(true)
    expect(await claimSchedulePeriod('digest', new Date('2026-01-08T00:00:00Z'), { skipFirst: true })).toBe(false)
  })
})

describe('msUntilNextJob', () => {
  it('is null for an empty queue (the runner sleeps instead of polling), 0 for a due job, the wait for a later one', async () => {
    expect(await msUntilNextJob()).toBeNull()
    await enqueueJobs(db(), [{ name: 'later', payload: {}, delayMs: 60_000 }])
    const wait = await msUntilNextJob()
    expect(wait).toBeGreaterThan(55_000)
    expect(wait).toBeLessThanOrEqual(60_000)
    await enqueueJobs(db(), [{ name: 'now', payload: {} }])
    expect(await msUntilNextJob()).toBe(0)
  })

  it("claims and completes without waiting for the WAL flush, and leaves the connection's setting as it was", async () => {
    await enqueueJobs(db(), [{ name: 'noop', payload: {} }])
    const [job] = await claimDueJobs(1, 10_000)
    expect(job?.name).toBe('noop')
    await completeJobs([job.id])
    expect(await db().execute(sql`select count(*)::int as n from jobs`)).toMatchObject({ rows: [{ n: 0 }] })
    // set_config(..., true) lasts for its statement's own transaction only.
    expect(await db().execute(sql`select current_setting('synchronous_commit') as s`)).toMatchObject({ rows: [{ s: 'on' }] })
  })
})
