import type http from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { bus } from '#app/adapters/bus/index.server'
import { SESSION_COOKIE, userIdForSession } from '#app/features/authentication/sessions.server'
import { markSeen } from '#app/features/authentication/presence.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import type { ServerEvent } from '#app/features/chat/chat-events'
import { MAX_SEND_BATCH, sendLaneCount } from '#app/features/chat/send-message.server'
import { parseCookies } from '#app/lib/cookies'
import { logger } from '#app/lib/logger.server'
import { securityLog } from '#app/lib/security-log.server'
import { observeOpenSockets } from '#app/lib/metrics.server'
import { isAllowedOrigin } from '#app/lib/origin'
import { CLOSE } from './ws-close-codes'
import { logSocketError, onConnection, type HubForConnection, type MemberSocket } from './ws-connection.server'
import { createMemorySocketRegistry, type SocketRegistry } from './ws-socket-registry.server'
import { createSendGate, type SendGateOptions } from './ws-send-gate.server'
import { dbHandle } from '#db/client.server'
import { errorText } from '#app/lib/error-text'

const HEARTBEAT_MS = 30_000
// Graceful shutdown: how long frames already being handled may take to answer, and how long the members' clients
// get to answer the close frame before their connections are cut.
const DRAIN_MS = 5_000
const CLOSE_HANDSHAKE_MS = 1_000
// The largest frame a member may send: a chat message of the longest allowed length, JSON-encoded, fits easily.
const MAX_PAYLOAD_BYTES = 16 * 1024
/** A socket no process has vouched for in this long (three missed heartbeats) no longer counts toward the cap. */
export const SOCKET_STALE_MS = 3 * HEARTBEAT_MS
// Bus topic naming sockets to close because their member opened too many: each process closes those it holds.
const EVICT_TOPIC = 'ws-evict'

/**
 * Sends in the database's hands at once: as many as the send lanes store in their batches (send-message.server.ts),
 * each lane on one connection, so pages and jobs keep the rest of the pool. While they are all taken each socket has
 * at most one send waiting (its reading is paused), so the queue holds about one send per sending member; 4,000 is
 * well above what one process serves (bench/chat-scale.ts) and still small in memory.
 */
function defaultSendGate(): SendGateOptions {
  return { concurrency: sendLaneCount(dbHandle()?.connections) * MAX_SEND_BATCH, maxQueued: 4_000 }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref())

function reject(socket: Duplex, status: number, text: string) {
  if (!socket.writable) return void socket.destroy()
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/**
 * The member an upgrade request is for, if it may open a socket: the path is /ws, the origin allowed and the
 * session cookie valid. Otherwise the request is refused (and logged) here and null returned.
 */
async function authorizeUpgrade(req: http.IncomingMessage, socket: Duplex, publicUrl: string | undefined) {
  if ((req.url ?? '/').split('?')[0] !== '/ws') {
    reject(socket, 404, 'Not Found')
    return null
  }
  if (!isAllowedOrigin({ origin: req.headers.origin, host: req.headers.host, publicUrl })) {
    securityLog('authorization.refused', { status: 403, route: 'ws', reason: 'bad_origin' })
    reject(socket, 403, 'Forbidden')
    return null
  }
  const token = parseCookies(req.headers.cookie)[SESSION_COOKIE]
  const userId = await userIdForSession(token)
  const viewer = userId ? await getViewer(userId) : null
  if (!viewer) {
    securityLog('authorization.refused', { status: 401, route: 'ws', userId })
    reject(socket, 401, 'Unauthorized')
    return null
  }
  return { viewer, token: token! }
}

/**
 * Every HEARTBEAT_MS: cut the sockets that missed the last ping, ping the rest, mark their members online and
 * vouch for this process's sockets in the registry (else they count as stale).
 */
function heartbeatTick(clients: Set<MemberSocket>, byId: Map<string, MemberSocket>, sockets: SocketRegistry) {
  const online: number[] = []
  for (const ws of clients) {
    // A socket the hub stopped reading (backpressure on sends) cannot have read the pong: it is not counted missing.
    if (ws.isAlive === false && !ws.isPaused) {
      ws.terminate()
      continue
    }
    ws.isAlive = false
    ws.ping()
    if (ws.userId) online.push(ws.userId)
  }
  markSeen(online).catch((e: unknown) => logger.warn({ err: errorText(e) }, 'presence update failed'))
  void sockets.refresh([...byId.values()].map((ws) => ({ userId: ws.userId!, socketId: ws.socketId! })))
}

/** The shutdown's middle: the frames under way answered (bounded), every socket closed with 1012, stragglers cut. */
async function drainAndCloseSockets(wss: WebSocketServer, inFlight: Set<Promise<void>>) {
  await Promise.race([Promise.allSettled([...inFlight]), sleep(DRAIN_MS)])
  const open = [...wss.clients]
  const closed = Promise.all(open.map((ws) => new Promise<void>((r) => (ws.readyState === ws.CLOSED ? r() : ws.once('close', () => r())))))
  for (const ws of open) ws.close(CLOSE.serviceRestart, 'service restart')
  await Promise.race([closed, sleep(CLOSE_HANDSHAKE_MS)])
  for (const ws of wss.clients) ws.terminate()
  wss.close()
}

/**
 * The real-time endpoint /ws on the HTTP server's port. The upgrade is authenticated by the session cookie and
 * checked against the allowed origin; each socket listens on its member's bus topic. The client side is
 * app/features/chat/components/realtime-provider.tsx.
 */
export function attachWsHub(
  server: http.Server,
  opts: {
    publicUrl?: string
    /** Counts each member's sockets against MAX_SOCKETS_PER_MEMBER: in Redis across processes, else in memory. */
    sockets?: SocketRegistry
    /** Backpressure on sends (ws-send-gate.server.ts); by default sized from the database pool. */
    sendGate?: SendGateOptions
  },
): { close(): Promise<void>; clients(): number } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES })
  const sockets = opts.sockets ?? createMemorySocketRegistry()
  // This process's sockets by id, for closing those the registry names (here or through the bus from another).
  const byId = new Map<string, MemberSocket>()
  wss.on('error', (err) => logger.error({ code: (err as { code?: string }).code ?? err.name }, 'websocket server error'))
  observeOpenSockets(() => wss.clients.size)
  // Frames being handled (a send being stored and paid): a graceful shutdown lets them answer before it closes.
  const inFlight = new Set<Promise<void>>()
  let closing = false

  // The bus lost its connection and has it back: what was published meanwhile never arrived here, so every socket
  // that relied on its subscription is told to catch up from the database (realtime-provider.tsx).
  const stopResync = bus().onResubscribed?.(() => {
    for (const ws of wss.clients as Set<MemberSocket>)
      if (ws.ready && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'resync' } satisfies ServerEvent))
  })

  const evict = (ids: readonly string[]) => {
    for (const id of ids) {
      const ws = byId.get(id)
      if (!ws) continue
      logger.info({ closeCode: CLOSE.tooManySockets }, 'websocket closed: the member opened too many')
      ws.close(CLOSE.tooManySockets, 'too many connections')
    }
  }
  const evictSubscription = bus()
    .subscribe(EVICT_TOPIC, (payload) => {
      const ids = (payload as { socketIds?: unknown } | null)?.socketIds
      if (Array.isArray(ids)) evict(ids.filter((id): id is string => typeof id === 'string'))
    })
    .catch((e: unknown) => {
      logger.error({ err: errorText(e) }, 'ws evict subscribe failed')
      return undefined
    })

  const hub: HubForConnection = {
    register(ws) {
      byId.set(ws.socketId!, ws)
      // Counted with the member's other sockets on every process; the oldest beyond the cap is closed where it is.
      void sockets.add(ws.userId!, ws.socketId!).then((ids) => {
        if (!ids.length) return
        evict(ids)
        const elsewhere = ids.filter((id) => !byId.has(id))
        if (elsewhere.length)
          bus()
            .publish(EVICT_TOPIC, { socketIds: elsewhere })
            .catch((e: unknown) => logger.warn({ err: errorText(e) }, 'ws evict publish failed'))
      })
    },
    unregister(ws) {
      byId.delete(ws.socketId!)
      void sockets.remove(ws.userId!, ws.socketId!)
    },
    inFlight,
    isClosing: () => closing,
    sendGate: createSendGate(opts.sendGate ?? defaultSendGate()),
  }

  server.on('upgrade', (req, socket, head) => {
    // Node hands the raw socket over without an error listener; the client may reset it while we authenticate.
    socket.on('error', (err) => logSocketError(err, 'upgrade'))
    // Shutting down: the client tries again, and its next connection reaches another process.
    if (closing) return reject(socket, 503, 'Service Unavailable')
    upgrade(req, socket, head).catch((e: unknown) => {
      logger.error({ err: errorText(e) }, 'ws upgrade failed')
      reject(socket, 503, 'Service Unavailable')
    })
  })

  async function upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer) {
    const member = await authorizeUpgrade(req, socket, opts.publicUrl)
    if (!member || socket.destroyed) return
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(hub, ws, member.viewer, member.token))
  }

  const heartbeat = setInterval(() => heartbeatTick(wss.clients as Set<MemberSocket>, byId, sockets), HEARTBEAT_MS)

  return {
    /**
     * Graceful: no new sockets, the frames under way answered (bounded), then every socket closed with 1012
     * "service restart", on which the client reconnects at once (realtime-provider.tsx); those that do not answer
     * the close frame in time are cut.
     */
    async close() {
      closing = true
      clearInterval(heartbeat)
      stopResync?.()
      await drainAndCloseSockets(wss, inFlight)
      // The sockets' close handlers have given their removals to the registry; it finishes them, then disconnects.
      await new Promise((r) => setImmediate(r))
      await (await evictSubscription)?.().catch(() => {})
      await sockets.close()
    },
    clients: () => wss.clients.size,
  }
}
