import { sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { listFailedJobs, type FailedJob } from '#db/jobs.server'
import { wakeJobRunner } from '#app/lib/jobs/wake'
import { recordAudit } from '#app/features/console/operators/audit.server'
import type { OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { reasonSchema } from './settings-admin.server'

export type { FailedJob }

/** Failed jobs, newest first: name, key, attempts and the error's text (jobs never store personal data in it). */
export async function failedJobs(limit = 100): Promise<FailedJob[]> {
  return listFailedJobs(limit)
}

export type RetryResult = { ok: true; outcome: 'queued' | 'not_failed' | 'key_taken' } | { ok: false; errors: { reason: string } }

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows

/**
 * Puts a failed job back in line with fresh attempts, with its audit line in the same transaction. Idempotent: a
 * job that is no longer failed (retried already, by a double click or another operator) is left alone and writes
 * nothing; a job whose key another waiting job holds again stays failed (that job does the work).
 */
export async function retryJob(operator: Pick<OperatorIdentity, 'id' | 'name'>, id: number, reason: unknown): Promise<RetryResult> {
  const r = reasonSchema.safeParse(reason)
  if (!r.success) return { ok: false, errors: { reason: r.error.issues[0].message } }
  const outcome = await db().transaction(async (tx) => {
    const [job] = rowsOf<{ id: number; name: string }>(await tx.execute(sql`select id, name from jobs where id = ${id} and status = 'failed' for update`))
    if (!job) return 'not_failed' as const
    const [{ taken }] = rowsOf<{ taken: boolean }>(
      await tx.execute(
        sql`select exists (select 1 from jobs o, jobs j where j.id = ${id} and j.key is not null and o.key = j.key and o.status <> 'failed') as taken`,
      ),
    )
    if (taken) return 'key_taken' as const
    await tx.execute(
      sql`update jobs set status = 'pending', attempts = 0, run_at = now(), last_error = null, locked_until = null, updated_at = now() where id = ${id}`,
    )
    await recordAudit({ operator, action: 'job.retry', target: { type: 'job', id }, reason: r.data, details: { name: job.name } }, tx)
    return 'queued' as const
  })
  if (outcome === 'queued') wakeJobRunner()
  return { ok: true, outcome }
}
