/** Delay before retry number `attempt` (1 = first retry): 2 s, 4 s, 8 s … capped at one hour, ±20 % jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(3600_000, 1000 * 2 ** Math.max(1, attempt))
  return Math.round(base * (0.8 + 0.4 * random()))
}

/** The start of the period of length `everyMs` that contains `now`: a recurring job runs once per period. */
export function periodStart(now: number, everyMs: number): number {
  return Math.floor(now / everyMs) * everyMs
}
