/**
 * The fallback polling of spec section 4 (constants in section 9): while the live socket is down, the member's
 * data (user, chats, likes) is refetched 5 s after the socket went away, then every 60 s, or every 300 s when a
 * push subscription brings news anyway. The caller (realtime-provider.tsx) starts it when the socket goes down and
 * stops it when the socket is back.
 */
export const POLL_FIRST_MS = 5_000
export const POLL_EVERY_MS = 60_000
export const POLL_EVERY_PUSH_MS = 300_000

/** The wait before refetch number `n` (0 = the first). */
export function pollDelay(n: number, pushSubscribed: boolean): number {
  if (n <= 0) return POLL_FIRST_MS
  return pushSubscribed ? POLL_EVERY_PUSH_MS : POLL_EVERY_MS
}

export interface PollingOptions {
  /** One refetch. Failures are the caller's to handle; a throw does not stop the schedule. */
  run: () => unknown
  /** Asked before each wait, so a subscription made meanwhile slows the next refetch down. */
  pushSubscribed?: () => boolean
}

/** Starts the schedule; the returned function stops it (also while a refetch is under way). */
export function startPolling({ run, pushSubscribed = () => false }: PollingOptions): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let n = 0
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(tick, pollDelay(n, pushSubscribed()))
  }
  const tick = async () => {
    n += 1
    try {
      await run()
    } catch {
      // The next refetch tries again.
    }
    schedule()
  }
  schedule()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
