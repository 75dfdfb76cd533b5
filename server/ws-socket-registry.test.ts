import { describe } from 'vitest'
import { socketRegistryContract } from './ws-socket-registry-contract'
import { createMemorySocketRegistry } from './ws-socket-registry.server'

describe('memory socket registry (one process)', () => {
  socketRegistryContract((cap) => {
    const one = createMemorySocketRegistry(cap)
    return { one, two: one, close: () => one.close() }
  })
})
