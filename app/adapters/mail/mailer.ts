export interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
  /** What kind of e-mail this is (activation, password_reset, ...): for the outbox and the logs. */
  kind: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}
