/**
 * Group commit for a write path (issue 26): items submitted while their lane is busy wait and then run together,
 * as one batch, so many writes share one transaction and one commit. A quiet lane runs an item at once, alone, so
 * batching adds no wait when there is no load; under load the batches grow by themselves, up to `maxBatch`.
 *
 * Items of the same key always go to the same lane and keep their order within it; lanes run side by side.
 */
export interface BatchLanesOptions<I, R> {
  lanes: number
  maxBatch: number
  /** Items with the same key share a lane (and so never run in two batches at once). */
  keyOf(item: I): number
  /** Runs a batch; answers one result or error per item, in the items' order. */
  runBatch(items: readonly I[]): Promise<Array<Settled<R>>>
}

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown }

export interface BatchLanes<I, R> {
  submit(item: I): Promise<R>
  /** Items submitted and not yet answered, across lanes. */
  readonly pending: number
}

interface Waiting<I, R> {
  item: I
  resolve(r: R): void
  reject(e: unknown): void
}

export function createBatchLanes<I, R>({ lanes, maxBatch, keyOf, runBatch }: BatchLanesOptions<I, R>): BatchLanes<I, R> {
  if (!(lanes >= 1) || !(maxBatch >= 1)) throw new Error('createBatchLanes: lanes and maxBatch must be at least 1')
  const queues: Array<Array<Waiting<I, R>>> = Array.from({ length: lanes }, () => [])
  const busy = new Array<boolean>(lanes).fill(false)
  let pending = 0

  const drain = async (lane: number) => {
    try {
      for (let queue = queues[lane]!; queue.length > 0;) {
        const batch = queue.splice(0, maxBatch)
        let settled: Array<Settled<R>>
        try {
          settled = await runBatch(batch.map((w) => w.item))
          if (settled.length !== batch.length) throw new Error('runBatch answered a different number of results')
        } catch (error) {
          settled = batch.map(() => ({ ok: false, error }))
        }
        batch.forEach((w, i) => {
          pending -= 1
          const s = settled[i]!
          if (s.ok) w.resolve(s.value)
          else w.reject(s.error)
        })
      }
    } finally {
      busy[lane] = false
    }
  }

  return {
    submit(item) {
      const lane = Math.abs(keyOf(item)) % lanes
      pending += 1
      return new Promise<R>((resolve, reject) => {
        queues[lane]!.push({ item, resolve, reject })
        if (busy[lane]) return
        busy[lane] = true
        // Started after the current task, so the items that arrive together (frames read in one go) share a batch.
        queueMicrotask(() => void drain(lane))
      })
    },
    get pending() {
      return pending
    },
  }
}
