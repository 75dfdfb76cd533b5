import type { Bus } from './bus'
import { createMemoryBus } from './memory-bus.server'
import { createRedisBus } from './redis-bus.server'

export type { Bus }

export function createBus(redis?: { url: string; prefix: string }): Bus {
  return redis ? createRedisBus(redis.url, redis.prefix) : createMemoryBus()
}

// One bus per process, set at start-up next to the database handle (server/app.ts).
const g = globalThis as unknown as { __bus?: Bus }

export function setBus(bus: Bus | undefined): void {
  g.__bus = bus
}

export function bus(): Bus {
  g.__bus ??= createMemoryBus()
  return g.__bus
}
