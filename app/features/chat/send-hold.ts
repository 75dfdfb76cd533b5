/**
 * The client's side of the server's backpressure (`slow_down`, server/ws-send-gate.server.ts): the message the
 * server did not take, and every one written until the wait is over, are held and sent again in the order written,
 * under their own client ids, once it is. Nothing is refused and nothing is lost; they stay "sending" meanwhile.
 */
export interface SendHold {
  /** The server asked to send `clientId` again after `ms`. */
  slowDown(clientId: string, ms: number): void
  /** True (and the message held) while a wait is under way: the caller must not send it now. */
  holds(clientId: string): boolean
  /** Stops the timer (the chat is closed); what is held is dropped (it stays pending, and the catch-up resends it). */
  dispose(): void
}

export function createSendHold(
  resend: (clientId: string) => void,
  clock: { now(): number; setTimeout(f: () => void, ms: number): unknown; clearTimeout(t: unknown): void } = {
    now: () => Date.now(),
    setTimeout: (f, ms) => setTimeout(f, ms),
    clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  },
): SendHold {
  let until = 0
  let timer: unknown
  const held: string[] = []

  const hold = (clientId: string) => {
    if (!held.includes(clientId)) held.push(clientId)
  }
  const flush = () => {
    timer = undefined
    until = 0
    for (const id of held.splice(0)) resend(id)
  }
  const schedule = () => {
    if (timer !== undefined) clock.clearTimeout(timer)
    timer = clock.setTimeout(flush, Math.max(0, until - clock.now()))
  }

  return {
    slowDown(clientId, ms) {
      hold(clientId)
      until = Math.max(until, clock.now() + ms)
      schedule()
    },
    holds(clientId) {
      if (clock.now() >= until) return false
      hold(clientId)
      return true
    },
    dispose() {
      if (timer !== undefined) clock.clearTimeout(timer)
      timer = undefined
      held.length = 0
    },
  }
}
