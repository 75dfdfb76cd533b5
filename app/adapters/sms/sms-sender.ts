/** A text message to one phone number (E.164, e.g. +31612345678). */
export interface OutgoingSms {
  to: string
  body: string
}

/**
 * Text messages (direct debit codes) behind one small interface: the outbox (the default, readable at
 * /dev/outbox) or Twilio, chosen by SMS_PROVIDER in ./index.server.ts. A send that fails throws: the caller
 * tells the member, nothing is retried behind their back (a code they wait for must arrive now or not at all).
 */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>
}
