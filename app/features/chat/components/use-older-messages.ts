import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import type { ChatMessage } from '../chat-events'

export interface Older {
  hasMore: boolean
  loading: boolean
  failed: boolean
  load(): void
  /** Put on an element at the top of the list: when it scrolls into view, the next page loads. */
  sentinel: RefObject<HTMLDivElement | null>
}

/**
 * Older messages by cursor (GET /chats/{id}/messages?before=…, app/routes/chats-id-messages.ts), loaded when the
 * top of the list scrolls into view. The scroll position is kept: what the member was reading stays in place
 * while the older page is put above it.
 */
export function useOlderMessages(opts: {
  conversationId: number | null
  oldestId: number | null
  initialHasMore: boolean
  list: RefObject<HTMLDivElement | null>
  prepend(ms: ChatMessage[]): void
}): Older {
  const { conversationId, oldestId, list, prepend } = opts
  const [hasMore, setHasMore] = useState(opts.initialHasMore)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const sentinel = useRef<HTMLDivElement | null>(null)
  const restore = useRef<{ height: number; top: number } | null>(null)

  useEffect(() => setHasMore(opts.initialHasMore), [opts.initialHasMore])

  const load = useCallback(() => {
    if (!conversationId || !oldestId || loading || !hasMore) return
    setLoading(true)
    setFailed(false)
    fetch(`/chats/${conversationId}/messages?before=${oldestId}`, { headers: { Accept: 'application/json' } })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status))
        const page = (await r.json()) as { messages: ChatMessage[]; hasMore: boolean }
        const el = list.current
        if (el) restore.current = { height: el.scrollHeight, top: el.scrollTop }
        prepend(page.messages)
        setHasMore(page.hasMore)
      })
      .catch(() => setFailed(true))
      .finally(() => setLoading(false))
  }, [conversationId, oldestId, loading, hasMore, list, prepend])

  // After the older page is in the DOM, move by exactly its height: the visible messages do not jump.
  useLayoutEffect(() => {
    const el = list.current
    if (!el || !restore.current) return
    el.scrollTop = el.scrollHeight - restore.current.height + restore.current.top
    restore.current = null
  }, [oldestId, list])

  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load()
      },
      { root: list.current },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [hasMore, load, list])

  return { hasMore, loading, failed, load, sentinel }
}
