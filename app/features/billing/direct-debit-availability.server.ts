import { env, isProductionSite, type Env } from '#app/lib/env.server'

/**
 * Whether direct debit may be offered. A mandate is confirmed by a code texted to the member's phone; on a production
 * site whose text messages only go to the outbox (SMS_PROVIDER=outbox, and /dev/outbox closed there) no member could
 * ever receive it, and the confirmation would mean nothing. So there the method is not offered, and every step of it
 * (the form, a resend, a confirmation, a checkout) is refused. The quick start and the tests read codes from the outbox.
 */
export function isDirectDebitAvailable(e: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'SMS_PROVIDER'> = env()): boolean {
  return !(isProductionSite(e) && e.SMS_PROVIDER === 'outbox')
}
