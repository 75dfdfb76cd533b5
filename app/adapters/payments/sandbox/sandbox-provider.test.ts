import { eq } from 'drizzle-orm'
import { useTestDatabase } from '../../../../tests/setup/test-db'
import { db } from '#db/client.server'
import { sandboxPayments } from '#db/schema/index'
import { providerContract } from '../provider-contract'
import { decideSandboxPayment, sandboxProvider } from './sandbox-provider.server'

useTestDatabase()

providerContract('sandbox', () => ({
  provider: sandboxProvider,
  async settle(id, outcome) {
    // The test page offers no "expired" (the sandbox never expires a payment): set it as a provider would.
    if (outcome === 'expired') {
      await db().update(sandboxPayments).set({ status: 'expired' }).where(eq(sandboxPayments.id, id))
      return
    }
    if ((await decideSandboxPayment(id, outcome)) === null) throw new Error(`the sandbox refused ${outcome} for ${id}`)
  },
}))
