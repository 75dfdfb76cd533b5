import WebSocket from 'ws'
import type { ChatMessage, ServerEvent } from '#app/features/chat/chat-events'

/**
 * A member's chat as the browser runs it (app/features/chat/components/realtime-provider.tsx, chat-view.tsx and
 * use-catch-up.ts), without the browser, for the fault tests: one socket that reconnects with the same backoff (at
 * once after a 1012/1001 restart close), messages merged by client id, and after every reconnect or "resync" the
 * catch-up by cursor followed by sending again what was not acknowledged. A send refused with server_error is sent
 * again after a moment (and later again), as the member would press "retry"; so is one refused as rate_limited.
 */

export interface Endpoint {
  /** Where the socket connects (a proxy in front of the server). */
  wsPort: number
  /** Where the catch-up request goes (the server itself). */
  httpPort: number
  /** Over TLS (wss:, https:), as through nginx in the topology test; the process must trust the certificate. */
  secure?: boolean
}

const RESTART_CODES = new Set([1001, 1012])
const RETRY_AFTER_ERROR_MS = 500
// Refusals that say "not now" (the database was away, the member sent faster than the socket allows), not "no".
const RETRYABLE = new Set(['server_error', 'rate_limited'])

export class ChatClient {
  /** What the member sees: messages by client id (mergeMessages), shown in id order. */
  readonly view = new Map<string, ChatMessage>()
  /** Every message written, in order (client ids). */
  readonly written: string[] = []
  /** Sent and not yet acknowledged, in the order they were written. */
  readonly pending = new Map<string, string>()
  /** Client ids in the order their acknowledgements arrived, and the message id each got. */
  readonly acks: { clientId: string; id: number }[] = []
  readonly closeCodes: number[] = []
  /** How long each catch-up took, from the moment the socket was ready again (or told to resync). */
  readonly catchUpMs: number[] = []
  /** Live `message` events for a message already received live: the same message twice on the wire. */
  liveRepeats = 0
  /** Refusals other than server_error: none may happen. */
  readonly refusals: string[] = []
  conversationId: number | null = null
  ready = false
  private ws: WebSocket | null = null
  private attempt = 0
  private everReady = false
  private stopped = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private liveSeen = new Set<number>()
  private retries = new Map<string, number>()
  /** Every message up to this id is known to be here (the member started with an empty conversation). */
  private complete = 0
  private endpoint: Endpoint | undefined
  private catchingUp: Promise<void> = Promise.resolve()

  constructor(
    readonly name: string,
    readonly cookie: string,
    readonly profileId: number,
    readonly partnerId: number,
    /** The load balancer: the endpoint to use now (home when it is up, else another one that is). */
    private readonly route: () => Endpoint,
  ) {}

  start() {
    this.connect()
    return this
  }

  private connect() {
    clearTimeout(this.timer)
    if (this.stopped) return
    const ep = (this.endpoint = this.route())
    const origin = `${ep.secure ? 'https' : 'http'}://127.0.0.1:${ep.wsPort}`
    const ws = (this.ws = new WebSocket(`${ep.secure ? 'wss' : 'ws'}://127.0.0.1:${ep.wsPort}/ws`, { headers: { Cookie: this.cookie, Origin: origin } }))
    ws.on('error', () => {})
    ws.on('open', () => (this.attempt = 0))
    ws.on('message', (d) => this.onEvent(JSON.parse(String(d)) as ServerEvent))
    ws.on('close', (code) => {
      if (this.ws === ws) this.ws = null
      this.ready = false
      this.closeCodes.push(code)
      if (this.stopped || code === 4401) return
      if (RESTART_CODES.has(code)) {
        this.timer = setTimeout(() => this.connect(), 50 + Math.random() * 500)
        return
      }
      this.attempt += 1
      this.timer = setTimeout(() => this.connect(), Math.min(30_000, 500 * 2 ** Math.min(this.attempt, 6)))
    })
  }

  /** How many events of each type arrived (for diagnosis). */
  readonly received: Record<string, number> = {}

  private onEvent(ev: ServerEvent) {
    this.received[ev.type] = (this.received[ev.type] ?? 0) + 1
    if (ev.type === 'ready') {
      this.ready = true
      if (this.everReady) this.catchUp()
      else this.flush()
      this.everReady = true
    } else if (ev.type === 'resync') {
      this.catchUp()
    } else if (ev.type === 'ack') {
      if (!this.pending.delete(ev.clientId) && this.acks.some((a) => a.clientId === ev.clientId)) return
      this.acks.push({ clientId: ev.clientId, id: ev.message.id })
      this.merge([ev.message])
    } else if (ev.type === 'message' && ev.partnerId === this.partnerId) {
      if (this.liveSeen.has(ev.message.id)) this.liveRepeats += 1
      this.liveSeen.add(ev.message.id)
      this.merge([ev.message])
    } else if (ev.type === 'error' && ev.clientId) {
      if (!RETRYABLE.has(ev.code)) return void this.refusals.push(ev.code)
      // The member presses "retry" a little later, and later again if it fails again.
      const clientId = ev.clientId
      const tries = (this.retries.get(clientId) ?? 0) + 1
      this.retries.set(clientId, tries)
      setTimeout(() => this.sendFrame(clientId), Math.min(4000, RETRY_AFTER_ERROR_MS * 2 ** (tries - 1)))
    }
  }

  private merge(ms: ChatMessage[]) {
    for (const m of ms) {
      this.view.set(m.clientId, m)
      this.conversationId ??= m.conversationId
    }
  }

  /** Writes a message: shown as pending at once, sent when the socket is ready (or later, after a reconnect). */
  send(body: string): string {
    const clientId = crypto.randomUUID()
    this.pending.set(clientId, body)
    this.written.push(clientId)
    this.sendFrame(clientId)
    return clientId
  }

  private sendFrame(clientId: string) {
    const body = this.pending.get(clientId)
    if (body === undefined || !this.ready || this.ws?.readyState !== WebSocket.OPEN) return
    this.ws.send(JSON.stringify({ type: 'send', toProfileId: this.partnerId, clientId, body }))
  }

  private flush() {
    for (const clientId of this.pending.keys()) this.sendFrame(clientId)
  }

  /** use-catch-up.ts: the messages after the newest one shown, page by page, then what is still unacknowledged. */
  private catchUp() {
    const started = Date.now()
    this.catchingUp = this.catchingUp.then(async () => {
      const ep = this.endpoint!
      if (this.conversationId) {
        // From the last point known complete (use-catch-up.ts), not the newest message shown.
        let after = this.complete
        for (let page = 0; page < 20; page++) {
          const r = await fetch(`${ep.secure ? 'https' : 'http'}://127.0.0.1:${ep.httpPort}/chats/${this.conversationId}/messages?after=${after}`, {
            headers: { Cookie: this.cookie, Accept: 'application/json' },
            signal: AbortSignal.timeout(10_000),
          }).catch(() => null)
          if (!r?.ok) return
          const body = (await r.json()) as { messages: ChatMessage[]; hasMore: boolean }
          this.merge(body.messages)
          for (const m of body.messages) this.pending.delete(m.clientId)
          if (!body.messages.length) break
          after = this.complete = body.messages[body.messages.length - 1].id
          if (!body.hasMore) break
        }
      }
      this.catchUpMs.push(Date.now() - started)
      this.flush()
    })
  }

  /** The conversation as shown: in message id order. */
  shown(): ChatMessage[] {
    return [...this.view.values()].sort((a, b) => a.id - b.id)
  }

  stop() {
    this.stopped = true
    clearTimeout(this.timer)
    this.ws?.close()
  }
}
