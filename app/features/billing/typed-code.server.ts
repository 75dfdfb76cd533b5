import { isTooOften, withFailureLimit, type TooOften } from '#app/features/settings/write-limits.server'

/**
 * Looks at a discount code the member typed. Refused codes count against discount_codes_per_hour and past that no
 * typed code is looked at, so codes cannot be found by guessing; every page and endpoint that takes a typed code
 * goes through here, so none can forget it. `check` tries the code, `refused` says whether it was turned down.
 */
export function checkTypedCode<T>(userId: number, check: () => Promise<T>, refused: (r: T) => boolean): Promise<T | TooOften> {
  return withFailureLimit('discount_code', userId, check, refused)
}

/**
 * The same for a page that shows its offer either way: `check(true)` prices with the typed code, `check(false)`
 * without it. Nothing typed (blank) is no try: it is checked as given and not counted. Past the limit the page
 * gets the offer without the code, and `tooOften` to say why.
 */
export async function tryTypedCode<T>(
  userId: number,
  typed: string | null | undefined,
  check: (withTypedCode: boolean) => Promise<T>,
  refused: (r: T) => boolean,
): Promise<{ result: T; tooOften: TooOften | null }> {
  if (!typed?.trim()) return { result: await check(true), tooOften: null }
  const r = await checkTypedCode(userId, () => check(true), refused)
  return isTooOften(r) ? { result: await check(false), tooOften: r } : { result: r, tooOften: null }
}
