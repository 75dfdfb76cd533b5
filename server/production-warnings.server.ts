import { isProductionSite, type Env } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'

export interface StartWarning {
  /** The variable that ends the warning when set. */
  variable: string
  message: string
}

/**
 * What a production site (NODE_ENV=production, https PUBLIC_URL) runs without that it should not: it starts, but the
 * operator is told at once, beside the start lines. Empty on the quick start and in tests, where the outboxes and the
 * sandbox are the point.
 */
export function productionWarnings(e: Env): StartWarning[] {
  if (!isProductionSite(e)) return []
  const warnings: StartWarning[] = []
  if (!e.SMTP_URL)
    warnings.push({ variable: 'SMTP_URL', message: 'e-mail goes to the outbox: members receive no activation, reset or notification mails. Set SMTP_URL.' })
  if (e.SMS_PROVIDER === 'outbox')
    warnings.push({ variable: 'SMS_PROVIDER', message: 'text messages go to the outbox, so direct debit is not offered. Set SMS_PROVIDER=twilio to offer it.' })
  if (e.PAYMENT_PROVIDER === 'sandbox')
    warnings.push({
      variable: 'PAYMENT_PROVIDER',
      message: 'the sandbox is the payment provider: payments are simulated and every page says so. Set PAYMENT_PROVIDER=mollie to take real payments.',
    })
  return warnings
}

/** Logs each warning and prints it under the start lines (server/app.ts). */
export function printProductionWarnings(e: Env, print: (line: string) => void = console.log): void {
  for (const w of productionWarnings(e)) {
    logger.warn({ variable: w.variable }, w.message)
    print(`  Warning: ${w.message}`)
  }
}
