/** Whole years between a YYYY-MM-DD birth date and `now` (UTC calendar dates). */
export function ageOn(birthDate: string, now: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number)
  let age = now.getUTCFullYear() - y
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)
  if (beforeBirthday) age -= 1
  return age
}

/** The latest birth date (inclusive) of someone who is at least `age` on `now`, as YYYY-MM-DD. */
export function birthDateForAge(age: number, now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()))
  // 29 February in a year without one rolled over to 1 March: the latest birth date is the 28th (agrees with ageOn).
  if (d.getUTCMonth() !== now.getUTCMonth()) d.setUTCDate(0)
  return d.toISOString().slice(0, 10)
}

/** True when the string is a real calendar date in YYYY-MM-DD form. */
export function isValidIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900
}
