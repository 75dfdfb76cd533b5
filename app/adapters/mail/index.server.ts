import { env } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'
import type { Mailer } from './mailer'
import { createOutboxMailer } from './outbox-mailer.server'
import { createSmtpMailer } from './smtp-mailer.server'

export type { Mailer, OutgoingMail } from './mailer'

let mailer: Mailer | undefined

/** SMTP when SMTP_URL is set, otherwise the outbox. */
export function mail(): Mailer {
  if (!mailer) {
    const e = env()
    mailer = e.SMTP_URL ? createSmtpMailer(e.SMTP_URL, e.MAIL_FROM ?? 'no-reply@localhost') : createOutboxMailer((m) => logger.info(m))
  }
  return mailer
}

export function setMailer(m: Mailer | undefined): void {
  mailer = m
}
