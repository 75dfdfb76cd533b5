import { Redis } from 'ioredis'
import { logger } from '#app/lib/logger.server'

/**
 * Open sockets a member may have at once, over every process: one per tab or device, far above what a person
 * uses, low enough that a script opening sockets in a loop holds a bounded number of subscriptions and timers.
 */
export const MAX_SOCKETS_PER_MEMBER = 10

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref())

/**
 * Which sockets each member has open, counted together by every process (Redis) or by this one alone (memory,
 * one process). The hub adds a socket once it is open and closes whichever `add` names: the member's oldest beyond
 * MAX_SOCKETS_PER_MEMBER, wherever they are (server/ws-hub.server.ts).
 */
export interface SocketRegistry {
  /** Counts a new socket; returns the member's oldest sockets beyond the cap, which no longer count. */
  add(userId: number, socketId: string): Promise<string[]>
  remove(userId: number, socketId: string): Promise<void>
  /**
   * Says these sockets are still open (the hub's heartbeat). A process that died without removing its sockets stops
   * saying so, and they stop counting after `staleMs`.
   */
  refresh(sockets: readonly { userId: number; socketId: string }[]): Promise<void>
  close(): Promise<void>
}

export function createMemorySocketRegistry(cap = MAX_SOCKETS_PER_MEMBER): SocketRegistry {
  // Per member, the sockets in the order they opened (a Map keeps insertion order).
  const members = new Map<number, Set<string>>()
  return {
    async add(userId, socketId) {
      let open = members.get(userId)
      if (!open) members.set(userId, (open = new Set()))
      open.add(socketId)
      const evicted = [...open].slice(0, Math.max(0, open.size - cap))
      for (const id of evicted) open.delete(id)
      return evicted
    },
    async remove(userId, socketId) {
      const open = members.get(userId)
      open?.delete(socketId)
      if (open?.size === 0) members.delete(userId)
    },
    async refresh() {},
    async close() {
      members.clear()
    },
  }
}

// KEYS: opened (zset: socket → order it opened in), seen (zset: socket → last heartbeat ms), seq (counter).
// ARGV: now ms, stale-before ms, socket id, cap, key expiry ms. Drops sockets no process vouched for lately, adds
// this one, and removes and returns the oldest beyond the cap: atomic, so two processes adding at once agree.
const ADD_SCRIPT = `
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
for _, id in ipairs(stale) do redis.call('ZREM', KEYS[1], id) end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
local order = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[1], order, ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[3])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
local evicted = {}
if over > 0 then
  evicted = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  for _, id in ipairs(evicted) do
    redis.call('ZREM', KEYS[1], id)
    redis.call('ZREM', KEYS[2], id)
  end
end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[5]) end
return evicted
`

/**
 * The registry in Redis, shared by every process with the same REDIS_PREFIX. Should Redis be away, a new socket is
 * let in uncounted (the cap is a guard, not a reason to refuse members) and the failure is logged.
 */
export function createRedisSocketRegistry(url: string, prefix: string, opts: { cap?: number; staleMs: number }): SocketRegistry {
  const cap = opts.cap ?? MAX_SOCKETS_PER_MEMBER
  // Commands wait for the first connection (a socket may open right after start), then fail fast while Redis is away.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  redis.on('error', (err: Error & { code?: string }) => logger.warn({ code: err.code ?? err.name }, 'socket registry redis error'))
  const keys = (userId: number) => [`${prefix}ws:${userId}:opened`, `${prefix}ws:${userId}:seen`, `${prefix}ws:${userId}:seq`]
  // Keys of a member nobody vouches for any more vanish by themselves.
  const expiryMs = opts.staleMs * 2
  const failed = (what: string) => (err: Error & { code?: string }) => logger.warn({ code: err.code ?? err.name, what }, 'socket registry unavailable')
  const pending = new Set<Promise<unknown>>()
  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p)
    void p.finally(() => pending.delete(p)).catch(() => {})
    return p
  }
  return {
    add(userId, socketId) {
      const now = Date.now()
      return track(
        (redis.eval(ADD_SCRIPT, 3, ...keys(userId), now, now - opts.staleMs, socketId, cap, expiryMs) as Promise<string[]>).catch((e: Error) => {
          failed('add')(e)
          return []
        }),
      )
    },
    remove(userId, socketId) {
      const [opened, seen] = keys(userId)
      return track(
        redis
          .multi()
          .zrem(opened, socketId)
          .zrem(seen, socketId)
          .exec()
          .then(() => undefined, failed('remove')),
      )
    },
    refresh(sockets) {
      if (!sockets.length) return Promise.resolve()
      const now = Date.now()
      const batch = redis.multi()
      for (const { userId, socketId } of sockets) {
        const k = keys(userId)
        // XX: only sockets still counted; one evicted meanwhile is not brought back.
        batch.zadd(k[1], 'XX', now, socketId)
        for (const key of k) batch.pexpire(key, expiryMs)
      }
      return track(batch.exec().then(() => undefined, failed('refresh')))
    },
    async close() {
      // Bounded: while Redis is away the last removals may not finish (their sockets stop counting after staleMs).
      await Promise.race([Promise.allSettled([...pending]), sleep(1000)])
      await Promise.race([redis.quit().catch(() => {}), sleep(1000)])
      redis.disconnect()
    },
  }
}
