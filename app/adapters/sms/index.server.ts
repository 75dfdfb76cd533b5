import { env } from '#app/lib/env.server'
import { logger } from '#app/lib/logger.server'
import { createOutboxSms } from './outbox-sms.server'
import type { SmsSender } from './sms-sender'
import { createTwilioSms } from './twilio-sms.server'

export type { OutgoingSms, SmsSender } from './sms-sender'

let sender: SmsSender | undefined

/** Twilio when SMS_PROVIDER=twilio (env.server.ts insists on its credentials then), otherwise the outbox. */
export function sms(): SmsSender {
  if (!sender) {
    const e = env()
    sender =
      e.SMS_PROVIDER === 'twilio'
        ? createTwilioSms({ accountSid: e.TWILIO_ACCOUNT_SID!, authToken: e.TWILIO_AUTH_TOKEN!, from: e.SMS_FROM!, apiUrl: e.TWILIO_API_URL })
        : createOutboxSms((m) => logger.info(m))
  }
  return sender
}

/** Tests swap the sender (a capture, or Twilio against the local fake). */
export function setSmsSender(s: SmsSender | undefined): void {
  sender = s
}
