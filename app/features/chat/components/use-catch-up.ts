import { useEffect, useRef } from 'react'
import type { ChatMessage } from '../chat-events'
import type { Shown } from '../chat-session'

// A catch-up that has not finished by then is given up; the next reconnect or the page's polling tries again.
const CATCH_UP_TIMEOUT_MS = 10_000
// Pages of the catch-up at most: beyond that the page's own reload (the loader) shows the newest messages.
const MAX_PAGES = 20

/**
 * The chat's catch-up after its socket was away or missed events (decision record 023). Each time `trigger`
 * changes (realtime-provider.tsx: the socket is ready again after a reconnect, or the server said "resync"), the
 * messages after the last point known to be complete are fetched by cursor (GET /chats/{id}/messages?after=…) and
 * merged. That point is the newest message of the page as loaded, then of each catch-up; not the newest message
 * shown, which may be one's own acknowledged message while an older one of the partner's was missed. Then
 * the messages still waiting for their acknowledgement are sent again: a send is idempotent on its client id, so one
 * that had arrived is answered with the stored message and charged nothing more.
 */
export function useCatchUp(opts: {
  trigger: number
  conversationId: number | null
  initial: ChatMessage[]
  shown: Shown[]
  merge(ms: ChatMessage[]): void
  resend(m: Shown): void
}): void {
  const latest = useRef(opts)
  latest.current = opts
  // Everything up to this message id is known to be here.
  const complete = useRef<number | null>(null)
  complete.current ??= Math.max(0, ...opts.initial.map((m) => m.id))
  useEffect(() => {
    if (!opts.trigger) return
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), CATCH_UP_TIMEOUT_MS)
    void (async () => {
      const { conversationId } = latest.current
      // What the catch-up brought (the state it was merged into shows only after the next render).
      const arrived = new Set<string>()
      if (conversationId) {
        let after = complete.current ?? 0
        for (let page = 0; page < MAX_PAGES; page++) {
          const r = await fetch(`/chats/${conversationId}/messages?after=${after}`, {
            headers: { Accept: 'application/json' },
            signal: controller.signal,
          }).catch(() => null)
          if (!r?.ok) break
          const body = (await r.json().catch(() => null)) as { messages: ChatMessage[]; hasMore: boolean } | null
          if (!body) break
          latest.current.merge(body.messages)
          for (const m of body.messages) arrived.add(m.clientId)
          if (!body.messages.length) break
          after = complete.current = body.messages[body.messages.length - 1].id
          if (!body.hasMore) break
        }
      }
      if (controller.signal.aborted) return
      // Photos go by their own upload request, which the reconnect did not interrupt.
      for (const m of latest.current.shown) if (m.state === 'pending' && m.kind !== 'photo' && !arrived.has(m.clientId)) latest.current.resend(m)
    })().finally(() => clearTimeout(timeout))
    return () => {
      clearTimeout(timeout)
      controller.abort()
    }
  }, [opts.trigger])
}
