import type { Bus } from './bus'
import { deliver } from './deliver.server'

export function createMemoryBus(): Bus {
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  return {
    async publish(topic, payload) {
      // Serialise like Redis would, so both buses hand subscribers the same plain data.
      const copy = JSON.parse(JSON.stringify(payload)) as unknown
      for (const h of handlers.get(topic) ?? []) queueMicrotask(() => deliver(h, copy))
    },
    async subscribe(topic, handler) {
      let set = handlers.get(topic)
      if (!set) handlers.set(topic, (set = new Set()))
      set.add(handler)
      return async () => {
        set.delete(handler)
        if (set.size === 0) handlers.delete(topic)
      }
    },
    async close() {
      handlers.clear()
    },
  }
}
