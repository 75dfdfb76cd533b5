import { vapidIdentity } from '#app/adapters/push/vapid.server'
import { sendPush, type SendPushOptions } from '#app/adapters/push/web-push.server'
import { serverIntl } from '#app/i18n/translate.server'
import type { Locale } from '#app/i18n/locales'
import { env, publicUrl } from '#app/lib/env.server'
import { isBlockedEitherWay } from '#app/policies/visibility.server'
import { getChatMessage } from '#app/features/chat/conversations.server'
import { getSettings } from '#app/features/settings/settings.server'
import { deletePushSubscription, listPushSubscriptions } from '../push-subscriptions.server'
import { loadActor, recipientByProfile } from '../recipient.server'

export interface PushJob {
  kind: 'message' | 'like' | 'match'
  recipientId: number
  actorId: number
  messageId?: number
}

const BODY_MAX = 120

// How pushes reach the push services; tests point it at their local push service (its CA, on 127.0.0.1).
let transport: Pick<SendPushOptions, 'agent' | 'allowPrivateAddresses'> = {}
export function setPushTransport(t: typeof transport): void {
  transport = t
}

/** What the service worker (public/sw.js) shows: title, body, a tag that replaces older ones, and where a click goes. */
export interface PushPayload {
  title: string
  body: string
  tag: string
  target: string
  open: string
}

/** Builds the push in the recipient's language; discreet pushes name nobody and quote nothing. */
export async function pushPayload(job: PushJob, locale: Locale, discreet: boolean, actorName: string): Promise<PushPayload | null> {
  const t = serverIntl(locale)
  const { name: site } = await getSettings()
  const values = { sender: actorName, site }
  if (job.kind === 'message') {
    const message = job.messageId ? await getChatMessage(job.messageId) : null
    if (!message) return null
    // A gift or a photo has no text to quote: the push says what it is.
    const body = message.kind === 'text' ? message.body : t.formatMessage({ id: message.kind === 'gift' ? 'push.message.gift' : 'push.message.photo' }, values)
    const text = body.length > BODY_MAX ? `${body.slice(0, BODY_MAX - 1)}…` : body
    return {
      title: t.formatMessage({ id: discreet ? 'push.message.discreetTitle' : 'push.message.title' }, values),
      body: discreet ? t.formatMessage({ id: 'push.message.discreetBody' }, values) : text,
      tag: `conversation-${message.conversationId}`,
      target: `/chats/${message.conversationId}`,
      open: '/login',
    }
  }
  const prefix = job.kind === 'like' ? 'push.like' : 'push.match'
  return {
    title: t.formatMessage({ id: discreet ? `${prefix}.discreetTitle` : `${prefix}.title` }, values),
    body: t.formatMessage({ id: `${prefix}.body` }, values),
    tag: `${job.kind}-${job.actorId}`,
    target: job.kind === 'like' ? '/likes' : `/members/${job.actorId}`,
    open: '/login',
  }
}

/**
 * Sends one notification to every browser the member subscribed, if they want pushes and nobody is blocked.
 * A subscription the push service no longer knows is deleted; when sends failed and none got through, the job
 * throws and the runner retries it.
 */
export async function pushNotify(job: PushJob): Promise<'sent' | 'skipped'> {
  const s = await getSettings()
  const r = await recipientByProfile(job.recipientId, s.online_window_seconds)
  // Most members have no push subscription: one query tells, before the actor, blocks and subscriptions are read.
  if (!r || !r.active || !r.settings.pushEnabled || !r.hasPushSubscription) return 'skipped'
  const actor = await loadActor(job.actorId)
  if (!actor || actor.isFictional || !actor.listed) return 'skipped'
  if (await isBlockedEitherWay(job.recipientId, job.actorId)) return 'skipped'
  const subs = await listPushSubscriptions(r.userId)
  if (!subs.length) return 'skipped'
  const payload = await pushPayload(job, r.locale, r.settings.pushDiscreet, actor.name)
  if (!payload) return 'skipped'
  // The same identity whose public key the settings hand to browsers (settings.server.ts).
  const options: SendPushOptions = { vapid: vapidIdentity(env(), publicUrl()), urgency: job.kind === 'message' ? 'high' : 'normal', ...transport }
  const results = await Promise.all(subs.map((sub) => sendPush(sub, payload, options)))
  // Subscriptions the push service no longer knows, or that can never work, are forgotten.
  const dead = subs.filter((_, i) => results[i].outcome === 'gone' || (results[i].outcome === 'failed' && results[i].reason === 'invalid-subscription'))
  await Promise.all(dead.map((sub) => deletePushSubscription(sub.endpoint)))
  if (!results.some((x) => x.outcome === 'ok')) {
    if (results.some((x) => x.outcome === 'failed' && x.retryable)) throw new Error('push not delivered yet')
    return 'skipped'
  }
  return 'sent'
}
