import { sql, type SQL } from 'drizzle-orm'
import type { DomainEvent, RecordedEvent } from '#app/lib/domain-events'
import { db, type Tx } from './client.server'
import { enqueueJobs, type NewJob } from './jobs.server'

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows

/** Records an event in the caller's transaction: it exists exactly when the change it describes does. */
export async function recordEvent(tx: Tx, event: DomainEvent): Promise<void> {
  await tx.execute(recordEventsFrom(sql`values (${event.type}, ${JSON.stringify(event.payload)}::jsonb)`))
}

/**
 * The same insert for a statement that records its events itself, as a step of a `with` query whose `select`
 * yields (type, payload) rows: the chat's send (app/features/chat/send-message.server.ts) stores a message and its
 * events in one round trip. The rows' payloads must be DomainEvent payloads of their type (app/lib/domain-events.ts).
 */
export function recordEventsFrom(rows: SQL): SQL {
  return sql`insert into domain_events (type, payload) ${rows}`
}

/**
 * Claims up to `limit` undispatched events, oldest first, and in the same transaction schedules the jobs that
 * `plan` derives from them: an event is turned into its jobs exactly once, whichever process claims it.
 */
export async function dispatchEvents(limit: number, plan: (events: RecordedEvent[]) => NewJob[]): Promise<RecordedEvent[]> {
  return db().transaction(async (tx) => {
    const r = await tx.execute(sql`
      with next as (
        select id from domain_events where dispatched_at is null order by id limit ${limit} for update skip locked
      )
      update domain_events e set dispatched_at = now() from next where e.id = next.id
      returning e.id, e.type, e.payload, e.created_at as "createdAt"`)
    const events = rowsOf<RecordedEvent>(r)
      .map((e) => ({ ...e, id: Number(e.id), createdAt: new Date(e.createdAt) }))
      .sort((a, b) => a.id - b.id)
    if (events.length) await enqueueJobs(tx, plan(events))
    return events
  })
}

/** Events by id, oldest first (the live retry job of app/lib/jobs/job-runner.server.ts reads the ones it names). */
export async function loadEvents(ids: number[]): Promise<RecordedEvent[]> {
  if (!ids.length) return []
  const r = await db().execute(sql`
    select id, type, payload, created_at as "createdAt" from domain_events
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id`)
  return rowsOf<RecordedEvent>(r).map((e) => ({ ...e, id: Number(e.id), createdAt: new Date(e.createdAt) }))
}

/** Dispatched events are kept a week for diagnosis, then removed. */
export async function pruneDispatchedEvents(olderThanDays = 7): Promise<number> {
  const r = await db().execute(sql`delete from domain_events where dispatched_at < now() - (${olderThanDays} * interval '1 day') returning id`)
  return rowsOf(r).length
}
