import type http from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { bus } from '#app/adapters/bus/index.server'
import { SESSION_COOKIE, userIdForSession } from '#app/features/accounts/sessions.server'
import { getBadgeCounts, getViewer } from '#app/features/accounts/viewer.server'
import { profileTopic, type ClientEvent, type ServerEvent } from '#app/features/chat/chat-events'
import { clientEventSchema, sendMessageSchema } from '#app/features/chat/chat.schema'
import { conversationPartner, markConversationRead } from '#app/features/chat/conversations.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { getSettings } from '#app/features/settings/settings.server'
import { parseCookies } from '#app/lib/cookies'
import { logger } from '#app/lib/logger.server'
import { isAllowedOrigin } from '#app/lib/origin'

const SESSION_RECHECK_MS = 60_000
const HEARTBEAT_MS = 30_000
// Per socket: a burst of 20 frames, refilled at 5 per second.
const BUCKET_SIZE = 20
const REFILL_PER_S = 5

function reject(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  socket.destroy()
}

/**
 * The real-time endpoint /ws on the HTTP server's port. The upgrade is authenticated by the session cookie and
 * checked against the allowed origin; each socket listens on its member's bus topic. The client side is
 * app/features/chat/components/realtime-provider.tsx.
 */
export function attachWsHub(server: http.Server, opts: { publicUrl?: string }): { close(): void; clients(): number } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 })

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== '/ws') return reject(socket, 404, 'Not Found')
    if (!isAllowedOrigin({ origin: req.headers.origin, host: req.headers.host, publicUrl: opts.publicUrl })) {
      return reject(socket, 403, 'Forbidden')
    }
    const token = parseCookies(req.headers.cookie)[SESSION_COOKIE]
    void (async () => {
      const userId = await userIdForSession(token)
      const viewer = userId ? await getViewer(userId) : null
      if (!viewer) return reject(socket, 401, 'Unauthorized')
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, viewer.profileId, token!))
    })().catch((e) => {
      logger.error({ err: (e as Error).message }, 'ws upgrade failed')
      reject(socket, 500, 'Internal Server Error')
    })
  })

  function onConnection(ws: WebSocket & { isAlive?: boolean }, profileId: number, token: string) {
    const send = (ev: ServerEvent) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(ev))
    }
    let unsubscribe: (() => Promise<void>) | undefined
    let closed = false
    const subscribed = bus()
      .subscribe(profileTopic(profileId), (payload) => send(payload as ServerEvent))
      .then((u) => {
        if (closed) void u()
        else unsubscribe = u
      })

    let tokens = BUCKET_SIZE
    let last = Date.now()
    const allowFrame = () => {
      const now = Date.now()
      tokens = Math.min(BUCKET_SIZE, tokens + ((now - last) / 1000) * REFILL_PER_S)
      last = now
      if (tokens < 1) return false
      tokens -= 1
      return true
    }

    // A revoked or expired session ends its sockets too.
    const recheck = setInterval(() => {
      void userIdForSession(token).then((id) => {
        if (!id) ws.close(4401, 'session ended')
      })
    }, SESSION_RECHECK_MS)

    ws.isAlive = true
    ws.on('pong', () => (ws.isAlive = true))

    ws.on('message', (raw) => {
      if (!allowFrame()) return send({ type: 'error', code: 'rate_limited' })
      let data: unknown
      try {
        data = JSON.parse(String(raw))
      } catch {
        return send({ type: 'error', code: 'bad_request' })
      }
      const parsed = clientEventSchema.safeParse(data)
      if (!parsed.success) return send({ type: 'error', code: 'bad_request' })
      void handle(parsed.data).catch((e) => {
        logger.error({ err: (e as Error).message }, 'ws message failed')
        send({ type: 'error', code: 'server_error', clientId: 'clientId' in parsed.data ? parsed.data.clientId : undefined })
      })
    })

    async function handle(ev: ClientEvent) {
      await subscribed
      if (ev.type === 'ping') return
      if (ev.type === 'read') {
        if ((await conversationPartner(ev.conversationId, profileId)) === null) return send({ type: 'error', code: 'not_found' })
        await markConversationRead(ev.conversationId, profileId)
        return send({ type: 'counts', ...(await getBadgeCounts(profileId)) })
      }
      const settings = await getSettings()
      const input = sendMessageSchema(settings.message_length).safeParse(ev)
      if (!input.success) return send({ type: 'error', clientId: ev.clientId, code: input.error.issues[0]?.message ?? 'chat.errorInvalid' })
      const result = await sendMessage({ senderId: profileId, ...input.data })
      if (!result.ok) return send({ type: 'error', clientId: ev.clientId, code: result.error })
      send({ type: 'ack', clientId: ev.clientId, message: result.message })
    }

    ws.on('close', () => {
      closed = true
      clearInterval(recheck)
      void unsubscribe?.()
    })
  }

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients as Set<WebSocket & { isAlive?: boolean }>) {
      if (ws.isAlive === false) {
        ws.terminate()
        continue
      }
      ws.isAlive = false
      ws.ping()
    }
  }, HEARTBEAT_MS)

  return {
    close() {
      clearInterval(heartbeat)
      for (const ws of wss.clients) ws.terminate()
      wss.close()
    },
    clients: () => wss.clients.size,
  }
}
