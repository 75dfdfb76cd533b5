import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import type { ClientEvent, ServerEvent } from '../chat-events'

type Listener = (ev: ServerEvent) => void
type Status = 'idle' | 'connecting' | 'open' | 'closed'

interface Realtime {
  status: Status
  counts: { unread: number; newLikes: number }
  send(ev: ClientEvent): boolean
  subscribe(listener: Listener): () => void
}

const RealtimeContext = createContext<Realtime>({
  status: 'idle',
  counts: { unread: 0, newLikes: 0 },
  send: () => false,
  subscribe: () => () => {},
})

export function useRealtime(): Realtime {
  return useContext(RealtimeContext)
}

// Without a socket the badges still refresh: the page data is reloaded on this schedule (spec section 4).
const POLL_MS = 60_000

/**
 * One WebSocket per tab to /ws (server/ws-hub.server.ts). Reconnects with backoff; after a reconnect the page data
 * is reloaded so nothing sent meanwhile is missed.
 */
export function RealtimeProvider({ enabled, initialCounts, children }: { enabled: boolean; initialCounts: { unread: number; newLikes: number }; children: ReactNode }) {
  const [status, setStatus] = useState<Status>('idle')
  const [counts, setCounts] = useState(initialCounts)
  const listeners = useRef(new Set<Listener>())
  const socket = useRef<WebSocket | null>(null)
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate

  // Loader data is the source of truth after each navigation; socket events update it in between.
  useEffect(() => setCounts(initialCounts), [initialCounts.unread, initialCounts.newLikes])

  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let attempt = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    let everOpened = false
    const connect = () => {
      setStatus('connecting')
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`)
      socket.current = ws
      ws.onopen = () => {
        attempt = 0
        setStatus('open')
        if (everOpened) void revalidate.current()
        everOpened = true
      }
      ws.onmessage = (e) => {
        let ev: ServerEvent
        try {
          ev = JSON.parse(String(e.data)) as ServerEvent
        } catch {
          return
        }
        if (ev.type === 'counts') setCounts({ unread: ev.unread, newLikes: ev.newLikes })
        for (const l of listeners.current) l(ev)
      }
      ws.onclose = (e) => {
        socket.current = null
        setStatus('closed')
        if (stopped || e.code === 4401) return
        attempt += 1
        timer = setTimeout(connect, Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)))
      }
    }
    connect()
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible' && socket.current?.readyState !== WebSocket.OPEN) void revalidate.current()
    }, POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
      clearInterval(poll)
      socket.current?.close()
      socket.current = null
    }
  }, [enabled])

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

  const value = useMemo(() => ({ status, counts, send, subscribe }), [status, counts, send, subscribe])
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>
}
