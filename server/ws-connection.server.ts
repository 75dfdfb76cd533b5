import { randomUUID } from 'node:crypto'
import type { RawData, WebSocket } from 'ws'
import { bus } from '#app/adapters/bus/index.server'
import { userIdForSession } from '#app/features/authentication/sessions.server'
import { markSeen } from '#app/features/authentication/presence.server'
import { profileTopic, SESSION_CHECK_EVENT, type ClientEvent, type ServerEvent } from '#app/features/chat/chat-events'
import { clientEventSchema } from '#app/features/chat/chat.schema'
import { handleClientEvent } from '#app/features/chat/client-events.server'
import { logger } from '#app/lib/logger.server'
import { errorText } from '#app/lib/error-text'
import { CLOSE } from './ws-close-codes'
import { createFrameGuard, MAX_BUFFERED_BYTES } from './ws-frame-guard.server'
import type { Admission, SendGate } from './ws-send-gate.server'

const SESSION_RECHECK_MS = 60_000

export type MemberSocket = WebSocket & { isAlive?: boolean; userId?: number; ready?: boolean; socketId?: string }

/** What one connection needs from the hub that accepted it (ws-hub.server.ts). */
export type HubForConnection = {
  /** Counts the socket against its member's cap, closing the oldest beyond it wherever they are. */
  register(ws: MemberSocket): void
  /** Forgets a closed socket, here and in the registry. */
  unregister(ws: MemberSocket): void
  /** Frames being handled, which a graceful shutdown lets answer before it closes. */
  readonly inFlight: Set<Promise<void>>
  isClosing(): boolean
  /** The process's backpressure on sends (ws-send-gate.server.ts). */
  readonly sendGate: SendGate
}

type Send = (ev: ServerEvent) => void
type CloseWith = (code: number, reason: string) => void

// Errors of a peer's connection (reset, broken pipe, a bad frame) end that connection only; they are expected on
// the internet and must never become an unhandled 'error' event, which would stop the process.
export function logSocketError(err: Error & { code?: string }, stage: 'upgrade' | 'socket') {
  // A peer that goes away (a closed tab, a lost network) is routine; anything else is worth a warning.
  const routine = err.code === 'ECONNRESET' || err.code === 'EPIPE'
  logger[routine ? 'debug' : 'warn']({ code: err.code ?? err.name, stage }, 'websocket connection error')
}

/** The clientId of a send frame, if it is one (for a refusal that must name its message). */
function clientIdOf(raw: unknown): string | undefined {
  try {
    const v = JSON.parse(String(raw)) as { type?: unknown; clientId?: unknown }
    return v.type === 'send' && typeof v.clientId === 'string' ? v.clientId.slice(0, 64) : undefined
  } catch {
    return undefined
  }
}

/** Sends an event if the socket is open; a peer that stopped reading would make us buffer without end. */
function senderFor(ws: MemberSocket): Send {
  return (ev) => {
    if (ws.readyState !== ws.OPEN) return
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return void ws.terminate()
    ws.send(JSON.stringify(ev))
  }
}

/** The socket's subscription to its member's bus topic; once it is closed, a late one is undone at once. */
type Subscription = { closed: boolean; unsubscribe?: () => Promise<void> }

/**
 * Subscribes the socket to its member's topic. Resolves true once nothing published for the member can be missed
 * (the client is told 'ready'), false if the socket closed meanwhile or the subscription failed.
 */
function subscribeMember(profileId: number, sub: Subscription, ws: MemberSocket, send: Send, closeWith: CloseWith, recheckSession: () => void) {
  return bus()
    .subscribe(profileTopic(profileId), (payload) => {
      // Not for the client: the member's sessions were ended elsewhere (the console's "log out everywhere",
      // app/features/console/support/support-actions.server.ts); check this socket's session now, not at the next tick.
      if ((payload as { type?: string } | null)?.type === SESSION_CHECK_EVENT) return recheckSession()
      send(payload as ServerEvent)
    })
    .then(
      (u) => {
        if (sub.closed) {
          void u().catch(() => {})
          return false
        }
        sub.unsubscribe = u
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
}

/** Pool exhaustion: the send waited for a database connection too long. Busy, not broken: the client sends again. */
const isPoolTimeout = (e: unknown): boolean => /timeout exceeded when trying to connect/i.test(errorText(e))

/**
 * Backpressure for one socket's sends: each send frame is admitted to the process's gate when it arrives; when the
 * gate is full the socket is told to slow down, and so is every send it makes until that wait is over (so a
 * member's messages are stored in the order written once the client sends them again, in that order).
 */
function sendAdmission(gate: SendGate, send: Send) {
  let slowUntil = 0
  const slowDown = (clientId: string, ms: number) => send({ type: 'slow_down', clientId, retryAfterMs: Math.max(1, Math.round(ms)) })
  return {
    /** The admission for a send frame, or null after the client was told to slow down. */
    admit(clientId: string): Admission | null {
      const now = Date.now()
      const admission = now < slowUntil ? null : gate.admit()
      if (admission) return admission
      if (now >= slowUntil) slowUntil = now + gate.retryAfterMs()
      slowDown(clientId, slowUntil - now)
      return null
    },
    /** A send that could not get a database connection in time: the same as a full gate. */
    busy(clientId: string) {
      const wait = gate.retryAfterMs()
      slowUntil = Math.max(slowUntil, Date.now() + wait)
      slowDown(clientId, wait)
    },
  }
}

/** Stops reading a socket until every pause taken is given back (frames already received are still handled). */
function pausableReading(ws: MemberSocket) {
  let pauses = 0
  return {
    pause(): () => void {
      if (pauses++ === 0) ws.pause()
      let given = false
      return () => {
        if (given) return
        given = true
        if (--pauses === 0 && ws.readyState === ws.OPEN) ws.resume()
      }
    },
  }
}

/**
 * The socket's 'message' listener: each frame is checked against the rate guard and the schema, then handled
 * after the frames before it (two messages sent in a row are stored, paid and acknowledged in the order sent).
 */
function frameListener(
  ws: MemberSocket,
  hub: HubForConnection,
  guard: ReturnType<typeof createFrameGuard>,
  send: Send,
  closeWith: CloseWith,
  handle: (ev: ClientEvent) => Promise<void>,
) {
  let queue: Promise<void> = Promise.resolve()
  const sends = sendAdmission(hub.sendGate, send)
  const reading = pausableReading(ws)
  return (raw: RawData, isBinary: boolean) => {
    // Frames already buffered behind one that closed the socket are dropped unread; so are frames that arrive
    // during a shutdown: the client sends again what was not acknowledged once it is connected elsewhere.
    if (ws.readyState !== ws.OPEN || hub.isClosing()) return
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
    const admission = ev.type === 'send' ? sends.admit(ev.clientId) : undefined
    if (admission === null) return
    // Saturated: nothing more is read from this socket until its send is done, so the member's next frames wait in
    // the network (TCP backpressure) instead of here, and the frame guard sees them no faster than they are served.
    const resume = admission && hub.sendGate.saturated ? reading.pause() : undefined
    const done = (queue = queue.then(() =>
      (admission ? admission.run(() => handle(ev)) : handle(ev))
        .catch((e: unknown) => {
          if (ev.type === 'send' && isPoolTimeout(e)) return sends.busy(ev.clientId)
          logger.error({ err: errorText(e) }, 'ws message failed')
          send({ type: 'error', code: 'server_error', clientId: 'clientId' in ev ? ev.clientId : undefined })
        })
        .finally(resume),
    ))
    hub.inFlight.add(done)
    void done.finally(() => hub.inFlight.delete(done))
  }
}

/** Sets up an authenticated member's socket: its cap, presence, subscription, session rechecks, frames and close. */
export function onConnection(hub: HubForConnection, ws: MemberSocket, viewer: { userId: number; profileId: number }, token: string) {
  const { profileId } = viewer
  ws.userId = viewer.userId
  ws.socketId = randomUUID()
  hub.register(ws)
  // An open socket means the member is online: no e-mails about what they see live (notifications).
  markSeen([viewer.userId]).catch((e: unknown) => logger.warn({ err: errorText(e) }, 'presence update failed'))
  // ws closes the socket itself on a protocol error (1002), an oversized frame (1009) or text that is not UTF-8
  // (1007), and then reports it here: log it once, without anything the member sent.
  ws.on('error', (err) => logSocketError(err, 'socket'))
  const send = senderFor(ws)
  const closeWith: CloseWith = (code, reason) => {
    logger.warn({ closeCode: code, reason }, 'websocket closed by the hub')
    ws.close(code, reason)
  }
  const sub: Subscription = { closed: false }
  function recheckSession() {
    userIdForSession(token).then(
      (id) => {
        if (!id) ws.close(CLOSE.sessionEnded, 'session ended')
      },
      (e: unknown) => logger.warn({ err: errorText(e) }, 'ws session recheck failed'),
    )
  }
  const subscribed = subscribeMember(profileId, sub, ws, send, closeWith, recheckSession)

  const guard = createFrameGuard()

  // A revoked or expired session ends its sockets too.
  const recheck = setInterval(recheckSession, SESSION_RECHECK_MS)

  ws.isAlive = true
  ws.on('pong', () => (ws.isAlive = true))

  ws.on(
    'message',
    frameListener(ws, hub, guard, send, closeWith, async (ev) => {
      if (!(await subscribed)) return
      const reply = await handleClientEvent(profileId, ev)
      if (reply) send(reply)
    }),
  )

  ws.on('close', () => {
    sub.closed = true
    clearInterval(recheck)
    hub.unregister(ws)
    sub.unsubscribe?.().catch((e: unknown) => logger.warn({ err: errorText(e) }, 'ws unsubscribe failed'))
  })
}
