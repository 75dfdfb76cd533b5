/** An IANA time zone name the runtime knows (the browser's Intl answer), or null. */
export function validTimeZone(tz: unknown): string | null {
  if (typeof tz !== 'string' || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return null
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** The next midnight after `now` in a time zone, as an instant. */
export function nextMidnight(timeZone: string, now = new Date()): Date {
  // The zone's wall-clock date now, then the instant whose wall clock there is the next day's 00:00.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  )
  const wallNow = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second)
  const offset = wallNow - Math.floor(now.getTime() / 1000) * 1000
  const wallMidnight = Date.UTC(+parts.year, +parts.month - 1, +parts.day + 1)
  return new Date(wallMidnight - offset)
}
