import { describe } from 'vitest'
import { busContract } from './bus-contract'
import { createMemoryBus } from './memory-bus.server'

describe('memory bus', () => busContract(createMemoryBus))
