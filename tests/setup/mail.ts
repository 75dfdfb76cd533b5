import { afterEach, beforeEach } from 'vitest'
import { setMailer, type OutgoingMail } from '#app/adapters/mail/index.server'

/** Collects every e-mail the code under test sends (a fresh list per test); the real mailer is restored after. */
export function captureMail(): OutgoingMail[] {
  const sent: OutgoingMail[] = []
  beforeEach(() => {
    sent.length = 0
    setMailer({
      send: async (m) => {
        sent.push(m)
      },
    })
  })
  afterEach(() => {
    setMailer(undefined)
  })
  return sent
}

/** The origin links in e-mails are built from: PUBLIC_URL, else http://localhost:<PORT or 3000>. */
export function expectedBaseUrl(): string {
  return (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '')
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The token of the link `<base><path>?token=...` in a text, or throws when the text has no such link. Tokens are
 * base64url, so they never need escaping.
 */
export function linkToken(text: string, path: string): string {
  const m = new RegExp(`${escapeRe(expectedBaseUrl() + path)}\\?token=([A-Za-z0-9_-]+)`).exec(text)
  if (!m) throw new Error(`no ${path}?token= link in: ${text.slice(0, 500)}`)
  return m[1]
}
