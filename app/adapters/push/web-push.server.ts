import webpush from 'web-push'
import { vapidKeys } from './vapid.server'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/**
 * Sends one Web Push message. 'gone' means the browser dropped the subscription (404/410): forget it.
 */
export async function sendPush(target: PushTarget, payload: unknown, opts: { dataDir: string; subject: string }): Promise<'ok' | 'gone' | 'failed'> {
  const k = vapidKeys(opts.dataDir)
  try {
    await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: opts.subject, publicKey: k.publicKey, privateKey: k.privateKey },
      TTL: 3600,
    })
    return 'ok'
  } catch (e) {
    const status = (e as { statusCode?: number }).statusCode
    return status === 404 || status === 410 ? 'gone' : 'failed'
  }
}
