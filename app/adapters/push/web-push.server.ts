import crypto from 'node:crypto'
import https from 'node:https'
import net from 'node:net'
import webpush, { type Headers as PushHeaders } from 'web-push'
import { logger } from '#app/lib/logger.server'
import { resultOfStatus, type PushResult } from './push-result'
import { PrivateAddressError, isPublicAddress, publicOnlyLookup } from './public-address'

export type { PushFailure, PushResult } from './push-result'

/** One stored subscription (the browser's PushSubscription.toJSON() flattened); `id` is only logged. */
export interface PushTarget {
  id?: number | string
  endpoint: string
  p256dh: string
  auth: string
}

export interface SendPushOptions {
  /** subject: an https: URL or mailto: address of the sender (see vapidSubject); the keys from vapidKeys(). */
  vapid: { subject: string; publicKey: string; privateKey: string }
  /** Seconds the push service keeps the message for an offline browser; 0: now or never. Default 3600. */
  TTL?: number
  urgency?: 'very-low' | 'low' | 'normal' | 'high'
  /** Up to 32 URL-safe base64 characters; a newer message with the same topic replaces an undelivered one. */
  topic?: string
  /** Whole request, connecting included. Default 10 s. */
  timeoutMs?: number
  /** An https.Agent of the caller's (a proxy, or a test push service's certificate authority). */
  agent?: https.Agent
  /** Tests only: their push service listens on 127.0.0.1. */
  allowPrivateAddresses?: boolean
}

// RFC 8291 section 4: a 4096-octet aes128gcm record minus its 86-octet header, 16-octet tag and padding delimiter.
export const MAX_PUSH_PAYLOAD_BYTES = 3993

/** Encrypts `payload` as JSON for one subscription and posts it to its push service (RFC 8030 + 8291 + 8292). */
export async function sendPush(target: PushTarget, payload: unknown, opts: SendPushOptions): Promise<PushResult> {
  const result = await attempt(target, payload, opts)
  log(target, result)
  return result
}

async function attempt(target: PushTarget, payload: unknown, opts: SendPushOptions): Promise<PushResult> {
  const url = parseEndpoint(target.endpoint, opts.allowPrivateAddresses)
  if (!url || !hasValidKeys(target)) return permanent('invalid-subscription')
  const body = Buffer.from(JSON.stringify(payload) ?? 'null', 'utf8')
  if (body.length > MAX_PUSH_PAYLOAD_BYTES) return permanent('payload-too-large')

  // Throws for our own mistakes (VAPID keys, topic, urgency, TTL): those are bugs, not delivery outcomes.
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, body, {
    vapidDetails: opts.vapid,
    TTL: opts.TTL ?? 3600,
    urgency: opts.urgency ?? 'normal',
    ...(opts.topic === undefined ? {} : { topic: opts.topic }),
  })
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000)
  try {
    const answer = await post(url, request.headers, request.body, timeout, opts)
    return resultOfStatus(answer.status, answer.retryAfter)
  } catch (e) {
    if (e instanceof PrivateAddressError) return permanent('invalid-subscription')
    return { outcome: 'failed', retryable: true, reason: timeout.aborted ? 'timeout' : 'network' }
  }
}

function post(url: URL, headers: PushHeaders, body: Buffer, signal: AbortSignal, opts: SendPushOptions): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method: 'POST', headers, signal, agent: opts.agent, ...(opts.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }) },
      (res) => {
        const retryAfter = res.headers['retry-after']
        res.on('error', reject)
        // Drained, not read: an error body may echo the endpoint, and nothing in it changes what we do.
        res.on('close', () =>
          res.complete ? resolve({ status: res.statusCode ?? 0, ...(retryAfter ? { retryAfter } : {}) }) : reject(new Error('response cut short')),
        )
        res.resume()
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

function parseEndpoint(endpoint: string, allowPrivate = false): URL | undefined {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && net.isIP(host) && !isPublicAddress(host)) return undefined
  return url
}

// The browser's key: an uncompressed P-256 point; its auth secret: 16 random octets (RFC 8291 section 3).
function hasValidKeys(target: PushTarget): boolean {
  const key = Buffer.from(target.p256dh, 'base64url')
  if (key.length !== 65 || key[0] !== 4 || Buffer.from(target.auth, 'base64url').length !== 16) return false
  try {
    crypto.createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: key.subarray(1, 33).toString('base64url'), y: key.subarray(33).toString('base64url') },
      format: 'jwk',
    })
    return true
  } catch {
    return false
  }
}

function permanent(reason: 'invalid-subscription' | 'payload-too-large'): PushResult {
  return { outcome: 'failed', retryable: false, reason }
}

// Codes and ids only: the endpoint identifies a browser and the payload is a member's content.
function log(target: PushTarget, result: PushResult): void {
  const fields = { pushSubscriptionId: target.id, ...result }
  if (result.outcome === 'ok') logger.debug(fields, 'web push delivered')
  else if (result.outcome === 'gone') logger.info(fields, 'web push subscription gone')
  else if (result.reason === 'unauthorized') logger.error(fields, 'web push refused our VAPID signature')
  else logger.warn(fields, 'web push failed')
}
