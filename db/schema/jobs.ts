import { sql } from 'drizzle-orm'
import { bigserial, index, integer, smallint, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

/**
 * The transactional outbox: a feature writes its change and the event in one transaction; the dispatcher
 * (app/lib/jobs) claims undispatched events, hands them to their live reactions and turns them into jobs.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 60 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('domain_events_dispatched_idx').on(t.dispatchedAt),
  ],
)

export const jobStatuses = ['pending', 'running', 'failed'] as const
export type JobStatus = (typeof jobStatuses)[number]

/**
 * Durable jobs. A job is claimed with FOR UPDATE SKIP LOCKED and a lease (`locked_until`); a process that dies
 * mid-job lets the lease run out and another picks the job up. Done jobs are deleted; failed ones stay, visible.
 * `key` makes scheduling idempotent: while a job with a key waits or runs, the same key is not scheduled again
 * (a failed job no longer holds its key).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    key: varchar('key', { length: 200 }),
    status: varchar('status', { length: 12 }).$type<JobStatus>().notNull().default('pending'),
    // Higher runs first among due jobs: what a member waits for (a push, a message e-mail) before bulk digests.
    priority: smallint('priority').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key_key')
      .on(t.key)
      .where(sql`${t.status} <> 'failed'`),
    index('jobs_due_idx')
      .on(t.priority.desc(), t.runAt)
      .where(sql`${t.status} <> 'failed'`),
    index('jobs_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
  ],
)

/** Recurring jobs: the last period each was scheduled for, so that one process per period schedules it. */
export const jobSchedules = pgTable('job_schedules', {
  name: varchar('name', { length: 80 }).primaryKey(),
  lastPeriod: timestamp('last_period', { withTimezone: true }).notNull(),
})
