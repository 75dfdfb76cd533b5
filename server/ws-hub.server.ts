import { randomUUID } from 'node:crypto'
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { bus } from '#app/adapters/bus/index.server'
import { SESSION_COOKIE, userIdForSession } from '#app/features/authentication/sessions.server'
import { markSeen } from '#app/features/authentication/presence.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import { profileTopic, SESSION_CHECK_EVENT, type ClientEvent, type ServerEvent } from '#app/features/chat/chat-events'
import { clientEventSchema } from '#app/features/chat/chat.schema'
import { handleClientEvent } from '#app/features/chat/client-events.server'
import { parseCookies } from '#app/lib/cookies'
import { logger } from '#app/lib/logger.server'
import { securityLog } from '#app/lib/security-log.server'
import { observeOpenSockets } from '#app/lib/metrics.server'
import { isAllowedOrigin } from '#app/lib/origin'
import { CLOSE } from './ws-close-codes'
import { createFrameGuard, MAX_BUFFERED_BYTES } from './ws-frame-guard.server'
import { createMemorySocketRegistry, type SocketRegistry } from './ws-socket-registry.server'
import { errorText } from '#app/lib/error-text'

const SESSION_RECHECK_MS = 60_000
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

type MemberSocket = WebSocket & { isAlive?: boolean; userId?: number; ready?: boolean; socketId?: string }

/** The clientId of a send frame, if it is one (for a refusal that must name its message). */
function clientIdOf(raw: unknown): string | undefined {
  try {
    const v = JSON.parse(String(raw)) as { type?: unknown; clientId?: unknown }
    return v.type === 'send' && typeof v.clientId === 'string' ? v.clientId.slice(0, 64) : undefined
  } catch {
    return undefined
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref())

function reject(socket: Duplex, status: number, text: string) {
  if (!socket.writable) return void socket.destroy()
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

// Errors of a peer's connection (reset, broken pipe, a bad frame) end that connection only; they are expected on
// the internet and must never become an unhandled 'error' event, which would stop the process.
function logSocketError(err: Error & { code?: string }, stage: 'upgrade' | 'socket') {
  // A peer that goes away (a closed tab, a lost network) is routine; anything else is worth a warning.
  const routine = err.code === 'ECONNRESET' || err.code === 'EPIPE'
  logger[routine ? 'debug' : 'warn']({ code: err.code ?? err.name, stage }, 'websocket connection error')
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
    for (const ws of wss.clients as Set<MemberSocket>) if (ws.ready && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'resync' } satisfies ServerEvent))
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
    if ((req.url ?? '/').split('?')[0] !== '/ws') return reject(socket, 404, 'Not Found')
    if (!isAllowedOrigin({ origin: req.headers.origin, host: req.headers.host, publicUrl: opts.publicUrl })) {
      securityLog('authorization.refused', { status: 403, route: 'ws', reason: 'bad_origin' })
      return reject(socket, 403, 'Forbidden')
    }
    const token = parseCookies(req.headers.cookie)[SESSION_COOKIE]
    const userId = await userIdForSession(token)
    const viewer = userId ? await getViewer(userId) : null
    if (!viewer) {
      securityLog('authorization.refused', { status: 401, route: 'ws', userId })
      return reject(socket, 401, 'Unauthorized')
    }
    if (socket.destroyed) return
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, viewer, token!))
  }

  function onConnection(ws: MemberSocket, viewer: { userId: number; profileId: number }, token: string) {
    const { profileId } = viewer
    ws.userId = viewer.userId
    ws.socketId = randomUUID()
    byId.set(ws.socketId, ws)
    // Counted with the member's other sockets on every process; the oldest beyond the cap is closed where it is.
    void sockets.add(viewer.userId, ws.socketId).then((ids) => {
      if (!ids.length) return
      evict(ids)
      const elsewhere = ids.filter((id) => !byId.has(id))
      if (elsewhere.length) bus().publish(EVICT_TOPIC, { socketIds: elsewhere }).catch((e: unknown) => logger.warn({ err: errorText(e) }, 'ws evict publish failed'))
    })
    // An open socket means the member is online: no e-mails about what they see live (notifications).
    markSeen([viewer.userId]).catch((e: unknown) => logger.warn({ err: errorText(e) }, 'presence update failed'))
    // ws closes the socket itself on a protocol error (1002), an oversized frame (1009) or text that is not UTF-8
    // (1007), and then reports it here: log it once, without anything the member sent.
    ws.on('error', (err) => logSocketError(err, 'socket'))
    const send = (ev: ServerEvent) => {
      if (ws.readyState !== ws.OPEN) return
      // A peer that stopped reading would make us buffer without end.
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return void ws.terminate()
      ws.send(JSON.stringify(ev))
    }
    const closeWith = (code: number, reason: string) => {
      logger.warn({ closeCode: code, reason }, 'websocket closed by the hub')
      ws.close(code, reason)
    }
    let unsubscribe: (() => Promise<void>) | undefined
    let closed = false
    function recheckSession() {
      userIdForSession(token).then(
        (id) => {
          if (!id) ws.close(CLOSE.sessionEnded, 'session ended')
        },
        (e: unknown) => logger.warn({ err: errorText(e) }, 'ws session recheck failed'),
      )
    }
    const subscribed = bus()
      .subscribe(profileTopic(profileId), (payload) => {
        // Not for the client: the member's sessions were ended elsewhere (the console's "log out everywhere",
        // app/features/console/support/support-actions.server.ts); check this socket's session now, not at the next tick.
        if ((payload as { type?: string } | null)?.type === SESSION_CHECK_EVENT) return recheckSession()
        send(payload as ServerEvent)
      })
      .then(
        (u) => {
          if (closed) {
            void u().catch(() => {})
            return false
          }
          unsubscribe = u
          // From now on nothing published for this member is missed: the client may rely on the socket.
          ws.ready = true
          send({ type: 'ready' })
          return true
        },
        (e: unknown) => {
          // Without its subscription the socket would miss events: let the client reconnect and catch up.
          logger.error({ err: errorText(e) }, 'ws subscribe failed')
          closeWith(CLOSE.tryAgainLater, 'try again later')
          return false
        },
      )

    const guard = createFrameGuard()

    // A revoked or expired session ends its sockets too.
    const recheck = setInterval(recheckSession, SESSION_RECHECK_MS)

    ws.isAlive = true
    ws.on('pong', () => (ws.isAlive = true))

    // One socket's frames are handled one after the other: two messages sent in a row are stored, paid and
    // acknowledged in the order they were sent.
    let queue: Promise<void> = Promise.resolve()

    ws.on('message', (raw, isBinary) => {
      // Frames already buffered behind one that closed the socket are dropped unread; so are frames that arrive
      // during a shutdown: the client sends again what was not acknowledged once it is connected elsewhere.
      if (ws.readyState !== ws.OPEN || closing) return
      const verdict = guard.check(isBinary)
      if (verdict.kind === 'close') return closeWith(verdict.closeCode, verdict.reason)
      // A refused send names its message, so the client can offer to send it again (else it would wait for an
      // acknowledgement that never comes). Parsing it costs little: a flood is closed after a few dozen refusals.
      if (verdict.kind === 'refuse') return send({ type: 'error', code: verdict.code, clientId: clientIdOf(raw) })
      let data: unknown
      try {
        data = JSON.parse(String(raw))
      } catch {
        data = undefined
      }
      const parsed = clientEventSchema.safeParse(data)
      // Our client only sends events of the schema: anything else (not JSON, an unknown type, fields of the
      // wrong type) is a broken or hostile peer.
      if (!parsed.success) {
        send({ type: 'error', code: 'bad_request' })
        return closeWith(CLOSE.policyViolation, 'bad frame')
      }
      const ev = parsed.data
      const done = (queue = queue.then(() =>
        handle(ev).catch((e: unknown) => {
          logger.error({ err: errorText(e) }, 'ws message failed')
          send({ type: 'error', code: 'server_error', clientId: 'clientId' in ev ? ev.clientId : undefined })
        }),
      ))
      inFlight.add(done)
      void done.finally(() => inFlight.delete(done))
    })

    async function handle(ev: ClientEvent) {
      if (!(await subscribed)) return
      const reply = await handleClientEvent(profileId, ev)
      if (reply) send(reply)
    }

    ws.on('close', () => {
      closed = true
      clearInterval(recheck)
      byId.delete(ws.socketId!)
      void sockets.remove(viewer.userId, ws.socketId!)
      unsubscribe?.().catch((e: unknown) => logger.warn({ err: errorText(e) }, 'ws unsubscribe failed'))
    })
  }

  const heartbeat = setInterval(() => {
    const online: number[] = []
    for (const ws of wss.clients as Set<MemberSocket>) {
      if (ws.isAlive === false) {
        ws.terminate()
        continue
      }
      ws.isAlive = false
      ws.ping()
      if (ws.userId) online.push(ws.userId)
    }
    markSeen(online).catch((e: unknown) => logger.warn({ err: errorText(e) }, 'presence update failed'))
    void sockets.refresh([...byId.values()].map((ws) => ({ userId: ws.userId!, socketId: ws.socketId! })))
  }, HEARTBEAT_MS)

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
      await Promise.race([Promise.allSettled([...inFlight]), sleep(DRAIN_MS)])
      const open = [...wss.clients]
      const closed = Promise.all(open.map((ws) => new Promise<void>((r) => (ws.readyState === ws.CLOSED ? r() : ws.once('close', () => r())))))
      for (const ws of open) ws.close(CLOSE.serviceRestart, 'service restart')
      await Promise.race([closed, sleep(CLOSE_HANDSHAKE_MS)])
      for (const ws of wss.clients) ws.terminate()
      wss.close()
      // The sockets' close handlers have given their removals to the registry; it finishes them, then disconnects.
      await new Promise((r) => setImmediate(r))
      await (await evictSubscription)?.().catch(() => {})
      await sockets.close()
    },
    clients: () => wss.clients.size,
  }
}
