import { sql } from 'drizzle-orm'
import { db, type DbOrTx } from './client.server'

export interface NewJob {
  name: string
  payload: Record<string, unknown>
  /** While a job with this key waits or runs, scheduling it again does nothing. */
  key?: string
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number
  maxAttempts?: number
  /** Higher runs first among due jobs (default 0). */
  priority?: number
}

export interface ClaimedJob {
  id: number
  priority: number
  name: string
  payload: Record<string, unknown>
  key: string | null
  attempts: number
  maxAttempts: number
}

export interface FailedJob {
  id: number
  name: string
  key: string | null
  attempts: number
  lastError: string | null
  failedAt: string
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows

/**
 * A FROM item that turns off synchronous commit for the one statement (its implicit transaction) that joins it: its
 * commit does not wait for the WAL flush. For the runner's bookkeeping only (a claim, a completion): lost in a
 * database crash, it makes a job run again, which every job may anyway (at least once; handlers are idempotent).
 * Under chat load these commits were most of the database's waiting on WAL flushes (issue 14, bench/chat-scale.ts).
 */
const asyncCommit = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`

/** Schedules jobs (in the caller's transaction when given one); returns how many were new. */
export async function enqueueJobs(q: DbOrTx, list: NewJob[]): Promise<number> {
  if (!list.length) return 0
  const values = sql.join(
    list.map(
      (j) =>
        sql`(${j.name}, ${JSON.stringify(j.payload)}::jsonb, ${j.key ?? null}, now() + (${j.delayMs ?? 0} * interval '1 millisecond'), ${j.maxAttempts ?? 8}, ${j.priority ?? 0})`,
    ),
    sql`, `,
  )
  const r = await q.execute(sql`
    insert into jobs (name, payload, key, run_at, max_attempts, priority) values ${values}
    on conflict (key) where status <> 'failed' do nothing
    returning id`)
  return rowsOf(r).length
}

/**
 * Claims up to `limit` due jobs for this process, highest priority first, then oldest: pending ones whose time
 * has come, and running ones whose lease ran out (their process died). SKIP LOCKED lets several processes claim side by side without taking one twice.
 */
export async function claimDueJobs(limit: number, leaseMs: number, opts: { minPriority?: number; maxPriority?: number } = {}): Promise<ClaimedJob[]> {
  const r = await db().execute(sql`
    with due as (
      select id from jobs
      where status <> 'failed' and run_at <= now() and (status = 'pending' or locked_until < now())
        and priority between ${opts.minPriority ?? -32768} and ${opts.maxPriority ?? 32767}
      order by priority desc, run_at
      limit ${limit}
      for update skip locked
    )
    update jobs j set status = 'running', attempts = j.attempts + 1,
      locked_until = now() + (${leaseMs} * interval '1 millisecond'), updated_at = now()
    from due, ${asyncCommit} where j.id = due.id
    returning j.id, j.name, j.payload, j.key, j.attempts, j.max_attempts as "maxAttempts", j.priority`)
  return rowsOf<ClaimedJob>(r).map((j) => ({ ...j, id: Number(j.id) }))
}

/** Jobs that ran to their end are deleted (several at once: one round trip for a burst of finished jobs). */
export async function completeJobs(ids: number[]): Promise<void> {
  if (!ids.length) return
  await db().execute(
    sql`delete from jobs using ${asyncCommit} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
}

/** Removes a job by key while it still waits (not once a process has claimed it); for a safety net no longer needed. */
export async function cancelWaitingJob(key: string): Promise<void> {
  await db().execute(sql`delete from jobs using ${asyncCommit} where key = ${key} and status = 'pending'`)
}

/** A job that threw: again after `retryInMs`, or kept as failed when `retryInMs` is null. */
export async function failJob(id: number, error: string, retryInMs: number | null): Promise<void> {
  const message = error.slice(0, 2000)
  if (retryInMs === null) {
    await db().execute(sql`update jobs set status = 'failed', last_error = ${message}, locked_until = null, updated_at = now() where id = ${id}`)
    return
  }
  await db().execute(sql`
    update jobs set status = 'pending', last_error = ${message}, locked_until = null, updated_at = now(),
      run_at = now() + (${retryInMs} * interval '1 millisecond')
    where id = ${id}`)
}

/** Milliseconds until the next job is due (0 when one is due now), or null when nothing waits. */
export async function msUntilNextJob(): Promise<number | null> {
  const r = await db().execute(sql`
    select (greatest(0, extract(epoch from (next - now())) * 1000))::float8 as ms
    from (select min(coalesce(case when status = 'running' then locked_until end, run_at)) as next from jobs where status <> 'failed') t
    -- greatest() skips NULLs: without this, an empty queue would read as "due now" and the runner would spin.
    where next is not null`)
  const ms = rowsOf<{ ms: number | null }>(r)[0]?.ms
  return ms === null || ms === undefined ? null : Number(ms)
}

export async function listFailedJobs(limit = 100): Promise<FailedJob[]> {
  const r = await db().execute(sql`
    select id, name, key, attempts, last_error as "lastError", to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "failedAt"
    from jobs where status = 'failed' order by updated_at desc limit ${limit}`)
  return rowsOf<FailedJob>(r).map((j) => ({ ...j, id: Number(j.id) }))
}

/** Puts a failed job back in line with fresh attempts; false when it is gone or its key is taken again. */
export async function retryFailedJob(id: number): Promise<boolean> {
  try {
    const r = await db().execute(sql`
      update jobs set status = 'pending', attempts = 0, run_at = now(), last_error = null, updated_at = now()
      where id = ${id} and status = 'failed' returning id`)
    return rowsOf(r).length > 0
  } catch (e) {
    if ((e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') return false
    throw e
  }
}

/**
 * Claims the period starting at `period` for the recurring job `name`: true for exactly one caller per period,
 * whichever process asks first, so the job is scheduled once per period. With `skipFirst`, a job that was never
 * scheduled before only starts counting (a new site does not send its weekly digest at its first start).
 */
export async function claimSchedulePeriod(name: string, period: Date, opts: { skipFirst?: boolean } = {}): Promise<boolean> {
  const r = await db().execute(sql`
    insert into job_schedules (name, last_period) values (${name}, ${period.toISOString()})
    on conflict (name) do update set last_period = excluded.last_period
    where job_schedules.last_period < excluded.last_period
    returning (xmax = 0) as "first"`)
  const [row] = rowsOf<{ first: boolean }>(r)
  return !!row && !(row.first && opts.skipFirst)
}
