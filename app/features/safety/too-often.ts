/** A refused write's text (catalog id and values): the wait in seconds up to a minute and a half, else in minutes. */
export interface TooOften {
  id: 'error.tooOftenSeconds' | 'error.tooOftenMinutes'
  values: { seconds: number } | { minutes: number }
  /** The same wait in seconds, as in the answer's Retry-After header. */
  retryAfter: number
}

/** The refusal in an action's or fetcher's answer, if it is one. */
export function tooOftenIn(answer: unknown): TooOften | null {
  return answer && typeof answer === 'object' && 'tooOften' in answer ? ((answer as { tooOften: TooOften | null }).tooOften ?? null) : null
}

export function tooOften(retryAfterS: number): TooOften {
  const retryAfter = Math.max(1, Math.ceil(retryAfterS))
  if (retryAfter <= 90) return { id: 'error.tooOftenSeconds', values: { seconds: retryAfter }, retryAfter }
  return { id: 'error.tooOftenMinutes', values: { minutes: Math.ceil(retryAfter / 60) }, retryAfter }
}
