export interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
  /** What kind of e-mail this is (activation, password_reset, ...): for the outbox and the logs. */
  kind: string
  /** Extra headers, such as List-Unsubscribe for notifications. */
  headers?: Record<string, string>
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
}
