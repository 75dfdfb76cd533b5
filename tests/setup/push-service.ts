import crypto from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { generate } from 'selfsigned'
import { checkVapid, decryptPushBody, type VapidClaims } from './push-crypto'

/** What the browser's PushSubscription.toJSON() returns, and POST /api/user.php?push=1 receives. */
export interface PushSubscriptionJSON {
  endpoint: string
  expirationTime: null
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  endpoint: string
  /** The decrypted body parsed as JSON (undefined when it is not JSON), and as text. */
  payload: unknown
  text: string
  ttl: number
  urgency: string
  topic: string | undefined
  vapid: { publicKey: string; claims: VapidClaims }
  /** When it arrived (Date.now()), for latency measurements (bench/notifications.ts). */
  receivedAt: number
}

/** Every request the service saw, in order, with its answer ('stalled': it never answered). */
export interface PushRequestLog {
  endpoint: string
  status: number | 'stalled'
  reason: string
}

export type ForcedAnswer = { status: number; retryAfter?: string } | 'stall'

export interface PushService {
  /** https://127.0.0.1:<port>, the `aud` a sender must sign for. */
  origin: string
  /** The self-signed certificate (PEM) a sender must trust; caFile holds it for NODE_EXTRA_CA_CERTS. */
  ca: string
  caFile: string
  /** An https.Agent trusting `ca`: pass it as sendPush's `agent`. */
  agent: https.Agent
  received: ReceivedPush[]
  requests: PushRequestLog[]
  /** A new browser subscription; with applicationServerKey the service answers 403 to any other VAPID key. */
  subscribe(opts?: { applicationServerKey?: string }): PushSubscriptionJSON
  /** The browser unsubscribed: later pushes get 410. */
  unsubscribe(endpoint: string): void
  /** Answer every push to this endpoint with a status (404/410/429/500 ...) or never; undefined: back to normal. */
  answerWith(endpoint: string, answer: ForcedAnswer | undefined): void
  /** Forgets received messages, the request log and forced answers (subscriptions stay). */
  reset(): void
  close(): Promise<void>
}

interface Subscription {
  ecdh: crypto.ECDH
  auth: Buffer
  applicationServerKey?: string
  unsubscribed: boolean
  forced?: ForcedAnswer
}

// RFC 8030 section 7.2: a push service must accept 4096 octets of body; we accept exactly that, like FCM.
const MAX_BODY = 4096
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high'])

/**
 * A push service like a browser vendor's, over HTTPS on 127.0.0.1 with a fresh self-signed certificate: it checks
 * the VAPID signature and claims (401, 403 for a subscription bound to another key), the TTL, Urgency and Topic
 * headers (400), the size (413) and the encryption (400), decrypts with the subscription's keys and keeps the message.
 */
export async function startPushService(): Promise<PushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'))
  const caFile = path.join(dir, 'ca.pem')
  fs.writeFileSync(caFile, pems.cert)

  const subscriptions = new Map<string, Subscription>()
  const received: ReceivedPush[] = []
  const requests: PushRequestLog[] = []
  let origin = ''

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    void handle(req, res).catch(() => res.destroy())
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const endpoint = origin + (req.url ?? '')
    const answer = (status: number, reason: string, headers: Record<string, string> = {}) => {
      requests.push({ endpoint, status, reason })
      res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(reason)
    }
    const body = await readBody(req)
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
    const sub = id ? subscriptions.get(id) : undefined
    if (req.method !== 'POST' || !sub) return answer(404, 'no such subscription')
    if (sub.unsubscribed) return answer(410, 'unsubscribed')
    if (sub.forced === 'stall') return void requests.push({ endpoint, status: 'stalled', reason: 'told to stall' })
    if (sub.forced) return answer(sub.forced.status, 'told to', sub.forced.retryAfter ? { 'retry-after': sub.forced.retryAfter } : {})

    const vapid = checkVapid(req.headers.authorization, origin)
    if (!vapid.ok) return answer(401, vapid.reason)
    if (sub.applicationServerKey && sub.applicationServerKey !== vapid.publicKey) return answer(403, 'key-mismatch')
    const header = (name: string) => req.headers[name] as string | undefined // single-valued headers
    const ttl = header('ttl')
    if (!ttl || !/^\d+$/.test(ttl)) return answer(400, 'bad-ttl')
    const urgency = header('urgency') ?? 'normal'
    if (!URGENCIES.has(urgency)) return answer(400, 'bad-urgency')
    const topic = header('topic')
    if (topic !== undefined && !/^[\w-]{1,32}$/.test(topic)) return answer(400, 'bad-topic')
    if (body === 'too-large') return answer(413, 'too-large')
    if (header('content-encoding') !== 'aes128gcm') return answer(415, 'not-aes128gcm')

    let text: string
    try {
      text = decryptPushBody(body, sub).toString('utf8')
    } catch {
      return answer(400, 'undecryptable')
    }
    received.push({
      endpoint,
      payload: parseJson(text),
      text,
      ttl: Number(ttl),
      urgency,
      topic,
      vapid: { publicKey: vapid.publicKey, claims: vapid.claims },
      receivedAt: Date.now(),
    })
    answer(201, 'created', { location: `${origin}/message/${crypto.randomUUID()}` })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  const agent = new https.Agent({ ca: pems.cert })

  const subscriptionOf = (endpoint: string) => {
    const sub = subscriptions.get(endpoint.slice(`${origin}/push/`.length))
    if (!endpoint.startsWith(`${origin}/push/`) || !sub) throw new Error('not a subscription of this push service')
    return sub
  }

  return {
    origin,
    ca: pems.cert,
    caFile,
    agent,
    received,
    requests,
    subscribe(opts = {}) {
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = crypto.randomBytes(16)
      const id = crypto.randomBytes(24).toString('base64url')
      subscriptions.set(id, { ecdh, auth, applicationServerKey: opts.applicationServerKey, unsubscribed: false })
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      }
    },
    unsubscribe(endpoint) {
      subscriptionOf(endpoint).unsubscribed = true
    },
    answerWith(endpoint, answer) {
      subscriptionOf(endpoint).forced = answer
    },
    reset() {
      received.length = 0
      requests.length = 0
      for (const sub of subscriptions.values()) sub.forced = undefined
    },
    async close() {
      agent.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Reads the whole body (a client still writing would see a reset instead of our 413), keeping at most MAX_BODY. */
async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 1024 * 1024) throw new Error('body far too large')
    if (size <= MAX_BODY) chunks.push(chunk)
  }
  return size > MAX_BODY ? 'too-large' : Buffer.concat(chunks)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
