import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

/** Real SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    },
  }
}
