import type { DomainEventType, RecordedEvent } from '#app/lib/domain-events'
import { logger } from '#app/lib/logger.server'
import { db } from '#db/client.server'
import { dispatchEvents, loadEvents } from '#db/events.server'
import {
  cancelWaitingJob,
  claimDueJobs,
  claimSchedulePeriod,
  completeJobs,
  enqueueJobs,
  failJob,
  msUntilNextJob,
  type ClaimedJob,
  type NewJob,
} from '#db/jobs.server'
import { periodStart, retryDelayMs } from './backoff'
import { onWake } from './wake'
import { errorText } from '#app/lib/error-text'
import { jobRuns } from '#app/lib/metrics.server'

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempt: number }) => Promise<void>

/** What happens when an event is dispatched: live reactions run at once (best effort), jobs are durable. */
export interface Reaction<T extends DomainEventType> {
  name: string
  /**
   * Runs in the dispatching process right after the event is claimed. Should it fail (the bus is away), or the
   * process die before it ran, it runs again from the live retry job a few seconds later, up to a few times: so
   * it may run twice, and what it sends must be harmless to receive twice (clients merge messages by client id).
   */
  live?: (event: RecordedEvent<T>) => Promise<void>
  /**
   * Live reactions of events with the same key run one after the other, in event order (a conversation's
   * messages reach a socket in order); different keys run side by side. Without it, all run in order.
   */
  orderKey?: (event: RecordedEvent<T>) => string | number
  /**
   * Durable follow-ups, scheduled in the same transaction that marks the event dispatched. Synchronous and
   * without queries: on the embedded database a query outside that transaction would wait for it forever. What a
   * plan needs to read is loaded before the transaction by a beforeDispatch hook.
   */
  jobs?: (event: RecordedEvent<T>) => NewJob[]
}

/**
 * The safety net of live reactions (decision record 023): scheduled with the events in the transaction that claims
 * them, due a few seconds later, and removed once their live reactions have all run. Only a process that died in
 * between, or a reaction that failed, leaves it to run: then another process runs those reactions again.
 */
const LIVE_RETRY_JOB = 'events.live-retry'
const LIVE_RETRY_DELAY_MS = 2_000
const LIVE_RETRY_PRIORITY = 10
const LIVE_RETRY_TIMEOUT_MS = 5_000

interface JobDefinition {
  handler: JobHandler
  timeoutMs: number
}

interface Recurring {
  name: string
  everyMs: number
  skipFirst: boolean
  lastPeriod?: number
}

export interface JobRunnerOptions {
  /** How often to look for events and due jobs when nobody woke us. */
  pollMs?: number
  /** Jobs run at once by this process. */
  concurrency?: number
  /** Events claimed per batch. */
  eventBatch?: number
}

// The runners started in this process, for the readiness check (server/ops-endpoints.server.ts).
const started = new Set<JobRunner>()

/** Whether this process's job runners are alive; null when none was started. */
export function jobRunnersHealthy(): boolean | null {
  if (!started.size) return null
  return [...started].every((r) => r.isHealthy())
}

/**
 * Runs domain-event reactions and durable jobs in the server process, on the embedded database and on
 * PostgreSQL alike (decision record 010). Several processes may run one each: SKIP LOCKED claims keep every job
 * and event to one of them, and leases hand a dead process's jobs to another.
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>()
  private readonly reactions = new Map<DomainEventType, Reaction<never>[]>()
  private readonly recurring: Recurring[] = []
  private readonly beforeDispatchHooks: (() => Promise<void>)[] = []
  private readonly running = new Set<Promise<void>>()
  private readonly pollMs: number
  private readonly concurrency: number
  private readonly eventBatch: number
  private timer: ReturnType<typeof setTimeout> | undefined
  private ticking = false
  private again = false
  // Whether events may be waiting: set by a wake from outside (a commit in this process, the poll for other
  // processes' events); not by a finishing job, so that a busy runner does not look for events after every job.
  private eventsMaybe = true
  private lastClaimFilled = false
  private runningBulk = 0
  private currentTick: Promise<void> = Promise.resolve()
  private finished: number[] = []
  private flushing: Promise<void> | undefined
  private stopped = true
  private unsubscribeWake: (() => void) | undefined
  // When the poll loop last showed progress (a pass ended, a batch of events was dispatched): /readyz asks.
  private lastBeatAt = 0

  constructor(opts: JobRunnerOptions = {}) {
    this.pollMs = opts.pollMs ?? 1000
    // Jobs wait on the database, SMTP and push services, not on the CPU: many may run at once.
    this.concurrency = opts.concurrency ?? 32
    this.eventBatch = opts.eventBatch ?? 100
    this.defineJob(
      LIVE_RETRY_JOB,
      async (payload) => {
        const failures = await this.runLive(await loadEvents((payload.ids as number[]) ?? []))
        if (failures) throw new Error(`${failures} live reactions failed`)
      },
      // Within the shortest lease (leaseMs), so it never sets the lease of the jobs the runner is given.
      { timeoutMs: LIVE_RETRY_TIMEOUT_MS },
    )
  }

  defineJob(name: string, handler: JobHandler, opts: { timeoutMs?: number } = {}): this {
    if (this.jobs.has(name)) throw new Error(`job ${name} is defined twice`)
    this.jobs.set(name, { handler, timeoutMs: opts.timeoutMs ?? 60_000 })
    return this
  }

  on<T extends DomainEventType>(type: T, reaction: Reaction<T>): this {
    const list = this.reactions.get(type) ?? []
    list.push(reaction as unknown as Reaction<never>)
    this.reactions.set(type, list)
    return this
  }

  /** Runs before each dispatch pass, outside its transaction: loads what reactions' plans read (settings). */
  beforeDispatch(hook: () => Promise<void>): this {
    this.beforeDispatchHooks.push(hook)
    return this
  }

  /**
   * Runs the job `name` (defined with defineJob) once per period of `everyMs`, in one process only; with
   * `skipFirst`, not in the very first period the site runs (digests), else at once (housekeeping).
   */
  every(name: string, everyMs: number, opts: { skipFirst?: boolean } = {}): this {
    this.recurring.push({ name, everyMs, skipFirst: opts.skipFirst ?? false })
    return this
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.lastBeatAt = Date.now()
    started.add(this)
    this.unsubscribeWake = onWake(() => this.wake())
    this.wake()
  }

  /** Stops looking for work and waits (up to `graceMs`) for the jobs under way. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true
    started.delete(this)
    this.unsubscribeWake?.()
    if (this.timer) clearTimeout(this.timer)
    const drained = Promise.allSettled([...this.running, this.currentTick])
    await Promise.race([drained, new Promise((r) => setTimeout(r, graceMs).unref())])
  }

  /** Looks for work now: events (unless `eventsToo` is false, after a job finished) and due jobs. */
  wake(eventsToo = true): void {
    if (this.stopped) return
    if (eventsToo) this.eventsMaybe = true
    if (this.ticking) {
      this.again = true
      return
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.ticking = true
    this.currentTick = this.tick()
    this.currentTick
      .catch((e: unknown) => logger.error({ err: errorText(e) }, 'job runner tick failed'))
      .then(async () => this.nextDelay())
      .then((delay) => {
        // A pass that failed (the database away) still ends: the loop is alive, and /readyz names the database.
        this.lastBeatAt = Date.now()
        this.ticking = false
        if (this.stopped) return
        if (this.again) {
          this.again = false
          return this.wake(false)
        }
        // The poll: other processes' events, jobs that became due.
        this.timer = setTimeout(() => this.wake(), delay)
        this.timer.unref?.()
      })
  }

  /** One pass: dispatch waiting events, schedule recurring jobs, start due jobs up to the concurrency. */
  async tick(): Promise<void> {
    if (this.eventsMaybe) {
      this.eventsMaybe = false
      await this.dispatchAll()
      await this.scheduleRecurring()
    }
    const free = this.concurrency - this.running.size
    if (free <= 0) return
    // Bulk work (priority 0 and below: digests) may take at most half the slots, so that what members wait for
    // (pushes, message e-mails) always finds one free.
    const urgent = await claimDueJobs(free, this.leaseMs(), { minPriority: 1 })
    const bulkFree = Math.min(free - urgent.length, Math.floor(this.concurrency / 2) - this.runningBulk)
    const claimed = bulkFree > 0 ? [...urgent, ...(await claimDueJobs(bulkFree, this.leaseMs(), { maxPriority: 0 }))] : urgent
    this.lastClaimFilled = claimed.length === free || (bulkFree > 0 && claimed.length - urgent.length === bulkFree)
    for (const job of claimed) {
      const bulk = job.priority <= 0
      if (bulk) this.runningBulk += 1
      const p = this.run(job).finally(() => {
        if (bulk) this.runningBulk -= 1
        this.running.delete(p)
        // A slot is free: there may be more due work.
        this.wake(false)
      })
      this.running.add(p)
    }
  }

  /**
   * Whether the poll loop is alive: started, and a pass ended (or a batch of a long dispatch went through) within
   * `staleMs`. A pass that hangs, on a lock or on a database that never answers, makes it false.
   */
  isHealthy(staleMs = Math.max(30_000, this.pollMs * 10)): boolean {
    return !this.stopped && Date.now() - this.lastBeatAt < staleMs
  }

  /** Dispatches every waiting event; returns how many. Exposed for tests. */
  async dispatchAll(): Promise<number> {
    let total = 0
    for (const hook of this.beforeDispatchHooks) await hook()
    for (;;) {
      const events = await dispatchEvents(this.eventBatch, (list) => {
        const jobs = list.flatMap((e) => this.reactionsFor(e).flatMap((r) => r.jobs?.(e as never) ?? []))
        const retry = this.liveRetryJob(list)
        return retry ? [...jobs, retry] : jobs
      })
      total += events.length
      const retry = this.liveRetryJob(events)
      const failures = await this.runLive(events)
      // All ran: the safety net is not needed. Failing to remove it only makes the reactions run twice.
      if (retry && !failures) await cancelWaitingJob(retry.key!).catch((e: unknown) => logger.warn({ err: errorText(e) }, 'could not cancel a live retry'))
      this.lastBeatAt = Date.now()
      if (events.length < this.eventBatch) return total
    }
  }

  /** The live retry job of a batch of events, or null when none of them has a live reaction. */
  private liveRetryJob(events: RecordedEvent[]): NewJob | null {
    const ids = events.filter((e) => this.reactionsFor(e).some((r) => r.live)).map((e) => e.id)
    if (!ids.length) return null
    return {
      name: LIVE_RETRY_JOB,
      payload: { ids },
      key: `${LIVE_RETRY_JOB}:${ids[0]}`,
      delayMs: LIVE_RETRY_DELAY_MS,
      maxAttempts: 5,
      priority: LIVE_RETRY_PRIORITY,
    }
  }

  /** The live reactions of a batch: in order within each order key, keys side by side. Returns how many failed. */
  private async runLive(events: RecordedEvent[]): Promise<number> {
    let failures = 0
    const chains = new Map<string, (() => Promise<void>)[]>()
    for (const e of events) {
      for (const r of this.reactionsFor(e)) {
        if (!r.live) continue
        const key = `${r.name}:${r.orderKey ? r.orderKey(e as never) : ''}`
        const run = () =>
          r.live!(e as never).catch((err: unknown) => {
            failures += 1
            logger.error({ err: errorText(err), reaction: r.name, eventId: e.id }, 'live reaction failed')
          })
        const chain = chains.get(key) ?? []
        chain.push(run)
        chains.set(key, chain)
      }
    }
    await Promise.all(
      [...chains.values()].map(async (chain) => {
        for (const run of chain) await run()
      }),
    )
    return failures
  }

  /** Runs every due job until none is left; for tests and for draining. Returns how many ran. */
  async drain(): Promise<number> {
    let total = 0
    for (;;) {
      await this.dispatchAll()
      const claimed = await claimDueJobs(this.concurrency, this.leaseMs())
      if (!claimed.length) return total
      await Promise.all(claimed.map((j) => this.run(j)))
      total += claimed.length
    }
  }

  /**
   * Marks a job done. Jobs finishing together are deleted in one statement; should the process die before it, the
   * jobs run again once their lease ends, as any job may (handlers are idempotent).
   */
  private complete(id: number): Promise<void> {
    this.finished.push(id)
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const ids = this.finished
      this.finished = []
      this.flushing = undefined
      await completeJobs(ids)
    })
    return this.flushing
  }

  /** A claim lasts as long as the slowest job may take, and a little more: past it, the job is deemed orphaned. */
  private leaseMs(): number {
    return Math.max(1000, ...[...this.jobs].filter(([name]) => name !== LIVE_RETRY_JOB).map(([, j]) => j.timeoutMs)) + 5000
  }

  private reactionsFor(e: RecordedEvent): Reaction<never>[] {
    return this.reactions.get(e.type) ?? []
  }

  private async scheduleRecurring(): Promise<void> {
    const now = Date.now()
    for (const r of this.recurring) {
      const period = periodStart(now, r.everyMs)
      if (r.lastPeriod === period) continue
      r.lastPeriod = period
      if (await claimSchedulePeriod(r.name, new Date(period), { skipFirst: r.skipFirst })) {
        await enqueueJobs(db(), [{ name: r.name, payload: { period: new Date(period).toISOString() }, key: `${r.name}@${period}`, maxAttempts: 3 }])
      }
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const def = this.jobs.get(job.name)
    if (!def) {
      await failJob(job.id, `no handler for job ${job.name}`, null)
      // Not labelled with the stored name: only defined names are a bounded set.
      jobRuns.inc({ job: 'unknown', outcome: 'failed' })
      logger.error({ job: job.name, jobId: job.id }, 'job has no handler')
      return
    }
    let timeout: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        def.handler(job.payload, { id: job.id, attempt: job.attempts }),
        new Promise((_, reject) => (timeout = setTimeout(() => reject(new Error(`timed out after ${def.timeoutMs} ms`)), def.timeoutMs))),
      ])
      await this.complete(job.id)
      jobRuns.inc({ job: job.name, outcome: 'completed' })
    } catch (e) {
      // Kept in the jobs table and the log: the error's name for it, never data it may quote.
      const message = errorText(e)
      const last = job.attempts >= job.maxAttempts
      logger.warn({ job: job.name, jobId: job.id, attempt: job.attempts, err: message, final: last }, 'job failed')
      jobRuns.inc({ job: job.name, outcome: last ? 'failed' : 'retried' })
      await failJob(job.id, message, last ? null : retryDelayMs(job.attempts)).catch((err: unknown) =>
        logger.error({ err: errorText(err), jobId: job.id }, 'could not record a job failure'),
      )
    } finally {
      clearTimeout(timeout)
    }
  }

  private async nextDelay(): Promise<number> {
    // Every slot busy, or more due jobs likely: a finishing job wakes the runner.
    if (this.running.size >= this.concurrency || this.lastClaimFilled) return this.pollMs
    const next = await msUntilNextJob().catch(() => null)
    return Math.max(10, Math.min(this.pollMs, next ?? this.pollMs))
  }
}
