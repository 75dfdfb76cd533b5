/**
 * Backpressure for the chat's write path (issue 26). Past saturation the database pool used to queue every send
 * until its 5 s connection timeout and then answer `server_error`: messages lost to the member. The gate lets at most
 * `concurrency` sends be in the database's hands at once (the send lanes store them in batches, decision record 040);
 * the rest wait in order. While it is saturated the hub
 * reads no further frame from a socket whose send is waiting (ws-connection.server.ts), so each socket has at most
 * one send queued here and the member's next messages wait in the network, not in memory. The queue is bounded all
 * the same (`maxQueued`): a send beyond it is not refused but answered `slow_down`, and the client sends it again
 * under the same client id after `retryAfterMs` (sendMessage is idempotent on it).
 */
export interface SendGate {
  /** A slot for one send, taken when the frame arrives (so admission follows the order frames came in), or null when full. */
  admit(): Admission | null
  /** How long a client told to slow down now should wait, in ms: about the time the queue takes to drain, jittered. */
  retryAfterMs(): number
  readonly admitted: number
  readonly running: number
  /** Every connection slot is taken: a send admitted now waits. */
  readonly saturated: boolean
}

export interface Admission {
  /** Runs the send when a connection slot is free, and frees the admission when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>
}

export interface SendGateOptions {
  /** Sends holding a database connection at once: below the pool's size, so pages still get connections. */
  concurrency: number
  /** Sends admitted beyond those, waiting in order (about one per connected sender at most while it is saturated). */
  maxQueued: number
  random?: () => number
}

// A send's service time before the first one has been measured (ms), and the bounds of the wait a client is given.
const FIRST_GUESS_MS = 5
const MIN_RETRY_MS = 100
const MAX_RETRY_MS = 3_000

export function createSendGate({ concurrency, maxQueued, random = Math.random }: SendGateOptions): SendGate {
  let admitted = 0
  let running = 0
  const waiting: Array<() => void> = []
  // Moving average of a send's time holding its slot: the drain time of the queue is admitted × this / concurrency.
  let serviceMs = FIRST_GUESS_MS

  const acquire = () => (running < concurrency ? ((running += 1), Promise.resolve()) : new Promise<void>((r) => waiting.push(() => ((running += 1), r()))))
  const release = () => {
    running -= 1
    waiting.shift()?.()
  }

  return {
    admit() {
      if (admitted >= concurrency + maxQueued) return null
      admitted += 1
      let settled = false
      return {
        async run(task) {
          if (settled) throw new Error('an admission runs once')
          settled = true
          try {
            await acquire()
            const started = performance.now()
            try {
              return await task()
            } finally {
              serviceMs = serviceMs * 0.9 + (performance.now() - started) * 0.1
              release()
            }
          } finally {
            admitted -= 1
          }
        },
      }
    },
    retryAfterMs() {
      const drain = (admitted * serviceMs) / concurrency
      // Jitter spreads the clients told at the same moment, so they do not all come back at once.
      return Math.round(Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, drain)) * (1 + random()))
    },
    get admitted() {
      return admitted
    },
    get running() {
      return running
    },
    get saturated() {
      return running >= concurrency
    },
  }
}
