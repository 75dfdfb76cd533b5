const SQLSTATE = /^[0-9A-Z]{5}$/

/**
 * What may be logged (or kept as a job's last error) about an error: never the data it carries. A database error
 * is named by its SQLSTATE and constraint (its message can quote values, and a query error wraps the query and
 * its parameters); anything else by its code and the first 200 characters of its message.
 */
export function errorText(e: unknown): string {
  let deepest: unknown = e
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = cur as { code?: unknown; constraint?: unknown }
    if (typeof code === 'string' && SQLSTATE.test(code)) return `database error ${code}${typeof constraint === 'string' ? ` (${constraint})` : ''}`
    deepest = cur
  }
  if (!(deepest instanceof Error)) return typeof deepest === 'string' ? deepest.slice(0, 200) : 'non-error thrown'
  const code = (deepest as { code?: unknown }).code
  // A query error whose cause has no SQLSTATE (a lost connection): its own message is safe, the wrapper's is not.
  const message = deepest.message.startsWith('Failed query') ? 'query failed' : deepest.message
  return `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 200)
}
