import type { Dispatch, RefObject, SetStateAction } from 'react'
import type { ServerEvent } from '../chat-events'
import { afterClose } from './socket-reconnect'

export type Status = 'idle' | 'connecting' | 'open' | 'closed'
export type Counts = { unread: number; newLikes: number }
export type Listener = (ev: ServerEvent) => void

// A server that is restarting (socket-reconnect.ts): reconnect at once, spread over this much time so that a
// process's members do not all arrive at the other process in the same instant.
const RESTART_JITTER_MS = 500

/** What the socket's life reports to RealtimeProvider: its state setters and the refs it shares. */
export interface RealtimeSocketHost {
  socket: RefObject<WebSocket | null>
  listeners: RefObject<Set<Listener>>
  revalidate: RefObject<() => Promise<void>>
  setStatus: Dispatch<SetStateAction<Status>>
  setCounts: Dispatch<SetStateAction<Counts>>
  setCatchUps: Dispatch<SetStateAction<number>>
}

/**
 * Keeps one WebSocket to /ws open for as long as the provider is enabled: reconnects with backoff (at once when
 * the server is restarting, when the member looks at a tab that gave its socket to a newer one, or back online).
 * Called from RealtimeProvider's effect; returns that effect's clean-up.
 */
export function runRealtimeSocket(host: RealtimeSocketHost): () => void {
  const { socket } = host
  let stopped = false
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let everReady = false
  // Closed for a newer tab's socket (too many open): this tab polls until the member looks at it again.
  let waitingForVisible = false
  const connect = () => {
    clearTimeout(timer)
    waitingForVisible = false
    host.setStatus('connecting')
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`)
    socket.current = ws
    ws.onopen = () => {
      attempt = 0
      host.setStatus('open')
    }
    ws.onmessage = (e) => {
      let ev: ServerEvent
      try {
        ev = JSON.parse(String(e.data)) as ServerEvent
      } catch {
        return
      }
      applyCountsAndCatchUp(host, ev, everReady)
      if (ev.type === 'ready') everReady = true
      if (ev.type === 'account') void host.revalidate.current()
      for (const l of host.listeners.current) l(ev)
    }
    ws.onclose = (e) => {
      if (socket.current === ws) socket.current = null
      host.setStatus('closed')
      if (stopped) return
      const next = afterClose(e.code)
      if (next === 'stop') return
      if (next === 'when-visible') {
        waitingForVisible = true
        return
      }
      if (next === 'soon') {
        timer = setTimeout(connect, 50 + Math.random() * RESTART_JITTER_MS)
        return
      }
      attempt += 1
      timer = setTimeout(connect, Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)))
    }
  }
  // Back online: try at once instead of waiting out the backoff.
  const onOnline = () => {
    if (!socket.current && !waitingForVisible) connect()
  }
  // The member looks at a tab whose socket went to a newer one: it takes one again (closing the oldest other).
  const onVisible = () => {
    if (waitingForVisible && document.visibilityState === 'visible' && !socket.current) connect()
  }
  connect()
  window.addEventListener('online', onOnline)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    stopped = true
    clearTimeout(timer)
    window.removeEventListener('online', onOnline)
    document.removeEventListener('visibilitychange', onVisible)
    socket.current?.close()
    socket.current = null
  }
}

/** The counts an event carries, and the catch-up after a reconnect or a resync. */
function applyCountsAndCatchUp(host: RealtimeSocketHost, ev: ServerEvent, everReady: boolean) {
  if (ev.type === 'counts') host.setCounts({ unread: ev.unread, newLikes: ev.newLikes })
  // The server's subscription is in place ('ready'): after a reconnect, or when the server says events were
  // missed ('resync'), what came meanwhile is loaded now; nothing after this point is missed.
  if ((ev.type === 'ready' && everReady) || ev.type === 'resync') {
    void host.revalidate.current()
    host.setCatchUps((n) => n + 1)
  }
}
