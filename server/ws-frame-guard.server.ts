import { CLOSE } from './ws-close-codes'

// Per socket: a burst of 20 frames, refilled at 5 per second. Our client sends far less (a message, a read, a ping).
const BUCKET_SIZE = 20
const REFILL_PER_S = 5
// Frames refused for the rate beyond this many in a row are a flood, not a hurried member: the socket is closed.
const FLOOD_AFTER_REFUSED = 40
// Outgoing bytes queued for a socket that does not read them: past this, the peer is too slow or stalled.
export const MAX_BUFFERED_BYTES = 1024 * 1024

export type FrameVerdict = { kind: 'accept' } | { kind: 'refuse'; code: 'rate_limited' } | { kind: 'close'; closeCode: number; reason: string }

/**
 * Decides, frame by frame, what the hub does with what a socket sends: accept it, refuse it with an error event,
 * or close the socket. A pure state machine (the clock is injected) so every branch is unit-tested.
 */
export function createFrameGuard(now: () => number = Date.now) {
  let tokens = BUCKET_SIZE
  let last = now()
  let refusedInARow = 0

  return {
    /** Called for every data frame before it is parsed. */
    check(isBinary: boolean): FrameVerdict {
      // Our protocol is JSON text; a binary frame is data we do not accept (RFC 6455: 1003).
      if (isBinary) return { kind: 'close', closeCode: CLOSE.unsupportedData, reason: 'binary frames are not accepted' }
      const t = now()
      tokens = Math.min(BUCKET_SIZE, tokens + ((t - last) / 1000) * REFILL_PER_S)
      last = t
      if (tokens < 1) {
        refusedInARow += 1
        if (refusedInARow > FLOOD_AFTER_REFUSED) return { kind: 'close', closeCode: CLOSE.policyViolation, reason: 'too many frames' }
        return { kind: 'refuse', code: 'rate_limited' }
      }
      refusedInARow = 0
      tokens -= 1
      return { kind: 'accept' }
    },
  }
}
