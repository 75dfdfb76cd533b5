import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import type { ServerEvent } from '#app/features/chat/chat-events'
import type { Member } from './setup'

/**
 * Chat delivery under load: `pairs` sender/receiver pairs, each on its own socket to /ws. Every sender writes
 * `messagesPerSender` messages to its partner at `ratePerSec` (below the hub's 5/s refill, see
 * server/ws-hub.server.ts), starting at a random offset within one interval so the pairs do not fire in lockstep.
 * Delivery latency is the time from ws.send() on the sender's socket to the 'message' event on the receiver's;
 * both sockets live in this process, so one clock measures both ends.
 */
export interface ChatFigures {
  /** 'free': messages cost nothing (message_credits 0); 'charged': each one is booked on the ledger in its transaction. */
  mode?: 'free' | 'charged'
  pairs: number
  ratePerSec: number
  messagesPerSender: number
  /** Messages delivered per second, from the first send to the last receipt. */
  throughput: number
  sent: number
  delivered: number
  lost: number
  duplicates: number
  errors: Record<string, number>
  p50: number
  p99: number
  max: number
  ackP50: number
  ackP99: number
  durationS: number
}

export interface ChatOptions {
  origin: string
  pairs: [sender: Member, receiver: Member][]
  messagesPerSender: number
  ratePerSec: number
  connectTimeoutMs: number
  drainTimeoutMs: number
}

function open(url: string, token: string, origin: string, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Cookie: `sid=${token}`, Origin: origin }, handshakeTimeout: timeoutMs })
    const timer = setTimeout(() => {
      ws.terminate()
      reject(new Error('socket did not open in time'))
    }, timeoutMs)
    ws.once('open', () => {
      clearTimeout(timer)
      resolve(ws)
    })
    ws.once('unexpected-response', (_req, res) => {
      clearTimeout(timer)
      reject(new Error(`socket upgrade refused: ${res.statusCode}`))
    })
    ws.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
  })
}

export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

export async function runChat(opts: ChatOptions): Promise<ChatFigures> {
  const wsUrl = opts.origin.replace(/^http/, 'ws') + '/ws'
  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  let lastReceipt = 0
  const ackLatencies: number[] = []
  const delivered = new Set<string>()
  const acked = new Set<string>()
  let duplicates = 0
  const errors: Record<string, number> = {}
  const total = opts.pairs.length * opts.messagesPerSender
  let onAllDelivered: () => void = () => {}
  const allDelivered = new Promise<void>((r) => (onAllDelivered = r))

  const sockets: WebSocket[] = []
  try {
    const connected = await Promise.all(
      opts.pairs.map(async ([sender, receiver]) => {
        const [s, r] = await Promise.all([
          open(wsUrl, sender.token, opts.origin, opts.connectTimeoutMs),
          open(wsUrl, receiver.token, opts.origin, opts.connectTimeoutMs),
        ])
        sockets.push(s, r)
        return { sender, receiver, s, r }
      }),
    )

    for (const { sender, s, r } of connected) {
      r.on('message', (raw) => {
        const now = performance.now()
        const ev = JSON.parse(String(raw)) as ServerEvent
        if (ev.type !== 'message' || ev.message.senderId !== sender.profileId) return
        const t = sentAt.get(ev.message.clientId)
        if (t === undefined) return
        if (delivered.has(ev.message.clientId)) return void duplicates++
        delivered.add(ev.message.clientId)
        latencies.push(now - t)
        lastReceipt = now
        if (delivered.size === total) onAllDelivered()
      })
      s.on('message', (raw) => {
        const now = performance.now()
        const ev = JSON.parse(String(raw)) as ServerEvent
        if (ev.type === 'ack') {
          const t = sentAt.get(ev.clientId)
          if (t !== undefined && !acked.has(ev.clientId)) {
            acked.add(ev.clientId)
            ackLatencies.push(now - t)
          }
        } else if (ev.type === 'error') {
          errors[ev.code] = (errors[ev.code] ?? 0) + 1
        }
      })
      for (const ws of [s, r]) ws.on('error', (e) => (errors[`socket: ${e.message}`] = (errors[`socket: ${e.message}`] ?? 0) + 1))
    }

    // Each sender on its own absolute schedule (no drift): message k at start + offset + k * interval.
    const interval = 1000 / opts.ratePerSec
    const start = performance.now() + 100
    let firstSend = Infinity
    const sends = connected.map(
      ({ receiver, s }) =>
        new Promise<void>((resolve) => {
          const offset = Math.random() * interval
          let k = 0
          const next = () => {
            if (k >= opts.messagesPerSender || s.readyState !== WebSocket.OPEN) return resolve()
            const clientId = randomUUID()
            const frame = JSON.stringify({
              type: 'send',
              toProfileId: receiver.profileId,
              clientId,
              body: `bench message ${k + 1} of ${opts.messagesPerSender}`,
            })
            const t = performance.now()
            firstSend = Math.min(firstSend, t)
            sentAt.set(clientId, t)
            s.send(frame)
            k++
            setTimeout(next, Math.max(0, start + offset + k * interval - performance.now()))
          }
          setTimeout(next, Math.max(0, start + offset - performance.now()))
        }),
    )
    await Promise.all(sends)
    let drainTimer: NodeJS.Timeout | undefined
    await Promise.race([allDelivered, new Promise<void>((r) => (drainTimer = setTimeout(r, opts.drainTimeoutMs)))])
    clearTimeout(drainTimer)
    const durationS = (performance.now() - start) / 1000

    latencies.sort((a, b) => a - b)
    ackLatencies.sort((a, b) => a - b)
    return {
      pairs: opts.pairs.length,
      ratePerSec: opts.ratePerSec,
      messagesPerSender: opts.messagesPerSender,
      throughput: delivered.size && lastReceipt > firstSend ? delivered.size / ((lastReceipt - firstSend) / 1000) : NaN,
      sent: sentAt.size,
      delivered: delivered.size,
      lost: sentAt.size - delivered.size,
      duplicates,
      errors,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1] ?? NaN,
      ackP50: percentile(ackLatencies, 0.5),
      ackP99: percentile(ackLatencies, 0.99),
      durationS,
    }
  } finally {
    for (const ws of sockets) ws.terminate()
  }
}
