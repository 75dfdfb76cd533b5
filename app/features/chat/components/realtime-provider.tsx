import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import { apiJson } from '#app/lib/api-client'
import { startPolling } from '#app/lib/polling'
import { hasPushSubscription } from '#app/lib/push-state'
import type { ClientEvent } from '../chat-events'
import { runRealtimeSocket, type Counts, type Listener, type Status } from './realtime-socket'

export type { Counts }

export interface Realtime {
  status: Status
  counts: Counts
  /**
   * Grows each time events may have been missed: the socket is ready again after a reconnect, or the server said
   * "resync" (its bus was away). The open chat catches up on it (use-catch-up.ts); 0 until the first such time.
   */
  catchUps: number
  send(ev: ClientEvent): boolean
  subscribe(listener: Listener): () => void
  /** Reloads the page data soon; calls close together are one reload. For what an event cannot carry itself. */
  refresh(): void
}

const RealtimeContext = createContext<Realtime>({
  status: 'idle',
  counts: { unread: 0, newLikes: 0 },
  catchUps: 0,
  send: () => false,
  subscribe: () => () => {},
  refresh: () => {},
})

export function useRealtime(): Realtime {
  return useContext(RealtimeContext)
}

// Events that come in a burst (a like is followed by its counts) cause one reload.
const REFRESH_DEBOUNCE_MS = 250

/** The part of GET /api/chats.php (app/routes/api/chats.php.ts) the fallback polling reads. */
interface ChatsAnswer {
  total_unread_messages: number
  total_new_likes: number
}

/**
 * One WebSocket per tab to /ws (server/ws-hub.server.ts). Reconnects with backoff (at once when the server is
 * restarting); after a reconnect the page data is reloaded and the open chat catches up, so nothing sent meanwhile
 * is missed. While the socket is down, the data is polled on the schedule
 * of spec section 4 (lib/polling.ts).
 */
export function RealtimeProvider({ enabled, initialCounts, children }: { enabled: boolean; initialCounts: Counts; children: ReactNode }) {
  const [status, setStatus] = useState<Status>('idle')
  const [counts, setCounts] = useState(initialCounts)
  const [catchUps, setCatchUps] = useState(0)
  const listeners = useRef(new Set<Listener>())
  const socket = useRef<WebSocket | null>(null)
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate

  // Loader data is the source of truth after each load (a new object each time); socket events update it in between.
  useEffect(() => setCounts(initialCounts), [initialCounts])

  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const refresh = useCallback(() => {
    clearTimeout(refreshTimer.current)
    refreshTimer.current = setTimeout(() => void revalidate.current(), REFRESH_DEBOUNCE_MS)
  }, [])
  useEffect(() => () => clearTimeout(refreshTimer.current), [])

  useEffect(() => {
    if (!enabled) return
    return runRealtimeSocket({ socket, listeners, revalidate, setStatus, setCounts, setCatchUps })
  }, [enabled])

  // The fallback polling (spec section 4): 5 s after the socket went down, then every 60 s (300 s with push).
  // Each round asks /api/chats.php first (with the retries of lib/retry.ts): the counts come from there at once,
  // and only a server that answers gets the page data reloaded, so an outage does not turn the page into an
  // error page.
  const down = enabled && status !== 'open'
  useEffect(() => {
    if (!down) return
    const controller = new AbortController()
    let push = false
    void hasPushSubscription().then((v) => (push = v))
    const stop = startPolling({
      pushSubscribed: () => push,
      run: async () => {
        const r = await apiJson<ChatsAnswer>('/api/chats.php', { signal: controller.signal })
        if (!r || !r.ok || !r.body || controller.signal.aborted) return
        setCounts({ unread: r.body.total_unread_messages, newLikes: r.body.total_new_likes })
        await revalidate.current()
      },
    })
    return () => {
      stop()
      controller.abort()
    }
  }, [down])

  // "Loads also run when a pushed message arrives" (spec section 4): the service worker tells its pages.
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: unknown } | null)?.type === 'push') refresh()
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [enabled, refresh])

  const send = useCallback((ev: ClientEvent) => {
    const ws = socket.current
    if (!ws || ws.readyState !== WebSocket.OPEN) return false
    ws.send(JSON.stringify(ev))
    return true
  }, [])

  const subscribe = useCallback((l: Listener) => {
    listeners.current.add(l)
    return () => void listeners.current.delete(l)
  }, [])

  const value = useMemo(() => ({ status, counts, catchUps, send, subscribe, refresh }), [status, counts, catchUps, send, subscribe, refresh])
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>
}
