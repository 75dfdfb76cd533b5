import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'

export interface Received {
  from: string
  to: string[]
  raw: string
}

/**
 * A real SMTP server on a free local port (no TLS, no auth) for the file's tests; it keeps what it receives.
 * The inbox is emptied before every test.
 */
export function useSmtpServer(): { url: () => string; inbox: Received[]; nextMail: (count?: number) => Promise<Received> } {
  let server: SMTPServer
  let port = 0
  const inbox: Received[] = []
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // The mailers under test keep pooled connections open; closing would wait 30 s (the default) for them to go,
      // which made three test files take 30 s each for tests of under a second (issue 25).
      closeTimeout: 100,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  beforeEach(() => {
    inbox.length = 0
  })
  async function nextMail(count = 1): Promise<Received> {
    for (let i = 0; i < 300 && inbox.length < count; i++) await new Promise((r) => setTimeout(r, 10))
    expect(inbox.length, 'e-mails received').toBeGreaterThanOrEqual(count)
    return inbox[count - 1]
  }
  return { url: () => `smtp://127.0.0.1:${port}`, inbox, nextMail }
}

/** A port where no SMTP server listens (one was there a moment ago). */
export async function deadSmtpUrl(): Promise<string> {
  const s = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false })
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()))
  const port = (s.server.address() as AddressInfo).port
  await new Promise<void>((resolve) => s.close(() => resolve()))
  return `smtp://127.0.0.1:${port}`
}

// --- A small MIME reader: enough for what nodemailer writes (multipart/alternative, QP or base64, RFC 2047 subjects).

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeEncodedWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function splitHeaders(block: string): { headers: Record<string, string>; body: string } {
  const i = block.search(/\r?\n\r?\n/)
  const head = block.slice(0, i).replace(/\r?\n[ \t]+/g, ' ')
  const body = block.slice(i).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.split(/\r?\n/)) {
    const c = line.indexOf(':')
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim()
  }
  return { headers, body }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body)
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** Subject, HTML and text of a raw message. */
export function parseMail(raw: string): { subject: string; from: string; to: string; html: string; text: string; headers: Record<string, string> } {
  const { headers, body } = splitHeaders(raw)
  const out = { subject: decodeEncodedWords(headers.subject ?? ''), from: headers.from ?? '', to: headers.to ?? '', html: '', text: '', headers }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1]
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw]
  for (const p of parts) {
    const part = splitHeaders(p.replace(/^\r?\n/, ''))
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase()
    const content = decodeBody(part.headers, part.body).replace(/\r\n/g, '\n').replace(/\n$/, '')
    if (type.startsWith('text/html')) out.html = content
    else if (type.startsWith('text/plain')) out.text = content
  }
  return out
}
