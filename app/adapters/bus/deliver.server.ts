import { logger } from '#app/lib/logger.server'
import { errorText } from '#app/lib/error-text'

/**
 * Hands a payload to one subscriber. A subscriber that throws loses that one delivery; the others still get
 * theirs, and the error never escapes into the event loop (where it would stop the process).
 */
export function deliver(handler: (payload: unknown) => void, payload: unknown): void {
  try {
    handler(payload)
  } catch (err) {
    logger.error({ err: errorText(err) }, 'bus subscriber failed')
  }
}
