import { paymentProvider } from '#app/adapters/payments/index.server'
import type { JobRunner } from '#app/lib/jobs/job-runner.server'
import { errorText } from '#app/lib/error-text'
import { logger } from '#app/lib/logger.server'
import { listUnsettledPayments, syncPayment } from './payment-sync.server'

/**
 * A webhook can be lost (our outage outlasted the provider's retries): every 10 minutes, payments still open or
 * pending after 15 minutes are fetched from the provider and booked like a webhook would.
 */
export function registerBilling(runner: JobRunner): void {
  runner
    .defineJob('billing.reconcile', async () => {
      const provider = await paymentProvider()
      for (const p of await listUnsettledPayments(15)) {
        if (p.provider !== provider.name) continue
        await syncPayment(provider, p.providerPaymentId).catch((e: unknown) => logger.warn({ err: errorText(e) }, 'could not reconcile a payment'))
      }
    })
    .every('billing.reconcile', 10 * 60_000, { skipFirst: true })
}
