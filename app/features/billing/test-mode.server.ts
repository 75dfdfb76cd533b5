import { env, type Env } from '#app/lib/env.server'

/**
 * Whether this site's payments are simulated: the sandbox is the provider (the quick start, the tests, or a site that
 * chose it explicitly). The root loader hands it to every page, which then shows the test-mode banner.
 */
export function paymentsAreSimulated(e: Pick<Env, 'PAYMENT_PROVIDER'> = env()): boolean {
  return e.PAYMENT_PROVIDER === 'sandbox'
}
