/** An IANA time zone name the runtime knows (the browser's Intl answer), or null. */
export function validTimeZone(tz: unknown): string | null {
  if (typeof tz !== 'string' || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return null
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** The wall clock of an instant in a time zone, read as if it were UTC (whole seconds). */
function wallClock(timeZone: string, at: number): { ms: number; year: number; month: number; day: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  )
  return {
    ms: Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second),
    year: +parts.year,
    month: +parts.month,
    day: +parts.day,
  }
}

/** The zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (timeZone: string, at: number) => wallClock(timeZone, at).ms - Math.floor(at / 1000) * 1000

/** The next midnight after `now` in a time zone, as an instant: when the zone's next calendar day starts. */
export function nextMidnight(timeZone: string, now = new Date()): Date {
  const today = wallClock(timeZone, now.getTime())
  const wallMidnight = Date.UTC(today.year, today.month - 1, today.day + 1)
  // The offset at midnight can differ from the offset now (a daylight saving change earlier that night): try the
  // offset now and the offset at that first guess, and keep the earliest that is already the next day there (a
  // midnight that a change skips starts the day at the change).
  const first = wallMidnight - offsetAt(timeZone, now.getTime())
  const second = wallMidnight - offsetAt(timeZone, first)
  const nextDay = [first, second].filter((t) => wallClock(timeZone, t).ms >= wallMidnight)
  return new Date(nextDay.length ? Math.min(...nextDay) : Math.max(first, second))
}
