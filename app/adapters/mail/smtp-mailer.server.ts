import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

/** Real SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpMailer(url: string, from: string): Mailer {
  // A pool of connections: notification bursts reuse them instead of a TCP and SMTP handshake per e-mail.
  // (nodemailer reads transport options from the URL's query.)
  const pooled = new URL(url)
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true')
  // Each SMTP round trip is mostly waiting: 10 connections carry a notification burst (a provider's limit may be
  // set lower in SMTP_URL, e.g. ?maxConnections=3).
  if (!pooled.searchParams.has('maxConnections')) pooled.searchParams.set('maxConnections', '10')
  const transport = nodemailer.createTransport(pooled.toString())
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers })
    },
  }
}
