import { Redis } from 'ioredis'
import { logger } from '#app/lib/logger.server'
import type { Bus } from './bus'
import { deliver } from './deliver.server'

/** Redis pub/sub: one connection publishes, one subscribes; channels are subscribed lazily and reference-counted. */
export function createRedisBus(url: string, prefix = 'dating:'): Bus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 })
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 })
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  // ioredis reconnects by itself; while Redis is away, publishes fail (the caller logs) and live events pause.
  // Reported here so that a lost connection is logged, not thrown.
  for (const [name, conn] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    conn.on('error', (err: Error & { code?: string }) => logger.warn({ code: err.code ?? err.name, conn: name }, 'redis bus connection error'))
  }

  // ioredis subscribes again by itself after a reconnect, but what was published while the connection was down is
  // lost: once the channels are back, the listeners hear of the gap.
  const resubscribed = new Set<() => void>()
  let lost = false
  sub.on('close', () => (lost = true))
  sub.on('ready', () => {
    if (!lost) return
    lost = false
    const channels = [...handlers.keys()].map((t) => prefix + t)
    // Our own SUBSCRIBE for the channels (a repeat is harmless): its answer says they are in place again.
    const again = channels.length ? sub.subscribe(...channels) : Promise.resolve()
    again.then(
      () => {
        logger.info({ channels: channels.length }, 'redis bus subscriptions restored')
        for (const l of resubscribed) deliver(l, undefined)
      },
      (err: Error & { code?: string }) => logger.warn({ code: err.code ?? err.name }, 'redis bus resubscribe failed'),
    )
  })

  sub.on('message', (channel: string, message: string) => {
    const set = handlers.get(channel.slice(prefix.length))
    if (!set) return
    let payload: unknown
    try {
      payload = JSON.parse(message)
    } catch {
      return
    }
    for (const h of set) deliver(h, payload)
  })

  return {
    async publish(topic, payload) {
      await pub.publish(prefix + topic, JSON.stringify(payload))
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic)
      if (!set) {
        handlers.set(topic, (set = new Set()))
        await sub.subscribe(prefix + topic)
      }
      set.add(handler)
      return async () => {
        set.delete(handler)
        if (set.size === 0 && handlers.get(topic) === set) {
          handlers.delete(topic)
          await sub.unsubscribe(prefix + topic).catch(() => {})
        }
      }
    },
    async ping() {
      // A connection that is away would queue the PING until it is back: a readiness check wants the answer now.
      if (pub.status !== 'ready' || sub.status !== 'ready') throw new Error('redis bus not connected')
      await pub.ping()
    },
    onResubscribed(listener) {
      resubscribed.add(listener)
      return () => void resubscribed.delete(listener)
    },
    async close() {
      resubscribed.clear()
      handlers.clear()
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
