import fs from 'node:fs'

/**
 * E-mails caught by the test SMTP server (tests/e2e/smtp-capture.ts). The capture appends one JSON line per
 * message to the file named by E2E_MAIL_FILE (set once by playwright.config.ts and inherited by the workers).
 */
export interface CapturedMail {
  /** Order of arrival, from 1. */
  seq: number
  receivedAt: string
  /** SMTP envelope. */
  envelopeFrom: string
  rcptTo: string[]
  /** Decoded headers and parts. */
  from: string
  to: string
  subject: string
  contentLanguage: string
  text: string
  html: string
}

export function mailFile(): string {
  const file = process.env.E2E_MAIL_FILE
  if (!file) throw new Error('E2E_MAIL_FILE is not set: the SMTP capture is configured in playwright.config.ts')
  return file
}

/** Every mail received so far (a half-written last line is skipped). */
export function readMails(file = mailFile()): CapturedMail[] {
  let raw = ''
  try {
    raw = fs.readFileSync(file, 'utf8')
  } catch {
    return []
  }
  const out: CapturedMail[] = []
  for (const line of raw.split('\n')) {
    if (!line.trim()) continue
    try {
      out.push(JSON.parse(line) as CapturedMail)
    } catch {
      // still being written
    }
  }
  return out
}

// --- A small MIME reader, enough for what nodemailer writes: nested multiparts, quoted-printable or base64
// bodies in any charset TextDecoder knows, and RFC 2047 encoded words in headers. The raw message is handled as a
// "binary" (latin1) string so that every byte survives until a part is decoded in its own charset.

function decodeQuotedPrintableBytes(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes)
  } catch {
    return bytes.toString('utf8')
  }
}

/** A header value: raw 8-bit bytes are UTF-8, encoded words are decoded. */
export function decodeHeader(binary: string): string {
  const utf8 = Buffer.from(binary, 'latin1').toString('utf8')
  return utf8
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) =>
      decodeCharset(enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintableBytes(text.replace(/_/g, ' ')), charset),
    )
}

function splitHead(block: string): { headers: Record<string, string>; body: string } {
  const m = /\r?\n\r?\n/.exec(block)
  const headPart = m ? block.slice(0, m.index) : block
  const body = m ? block.slice(m.index + m[0].length) : ''
  const headers: Record<string, string> = {}
  for (const line of headPart.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':')
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim()
  }
  return { headers, body }
}

function param(value: string, name: string): string | undefined {
  return new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i')
    .exec(value)
    ?.slice(1)
    .find((v) => v !== undefined)
}

function collectParts(block: string, out: { text: string; html: string }) {
  const { headers, body } = splitHead(block)
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase()
  if (type.startsWith('multipart/')) {
    const boundary = param(headers['content-type'], 'boundary')
    if (!boundary) return
    const pieces = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`))
    // pieces[0] is the preamble, the last the epilogue.
    for (const piece of pieces.slice(1, -1)) collectParts(piece, out)
    return
  }
  if (!type.startsWith('text/')) return
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintableBytes(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(body, 'latin1')
  const content = decodeCharset(bytes, param(headers['content-type'], 'charset') ?? 'utf-8').replace(/\r\n/g, '\n')
  if (type.startsWith('text/html') && !out.html) out.html = content
  else if (type.startsWith('text/plain') && !out.text) out.text = content
}

/** Headers, text and HTML of a raw RFC 5322 message. */
export function parseRawMail(raw: Buffer): Pick<CapturedMail, 'from' | 'to' | 'subject' | 'contentLanguage' | 'text' | 'html'> {
  const binary = raw.toString('latin1')
  const { headers } = splitHead(binary)
  const parts = { text: '', html: '' }
  collectParts(binary, parts)
  return {
    from: decodeHeader(headers.from ?? ''),
    to: decodeHeader(headers.to ?? ''),
    subject: decodeHeader(headers.subject ?? ''),
    contentLanguage: headers['content-language'] ?? '',
    text: parts.text,
    html: parts.html,
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Waits for an e-mail to `to` whose subject contains `subjectPart` and returns the newest such mail. With
 * `after`, only mails that arrived after that one count (a second mail of the same kind).
 */
export async function waitForMail(to: string, subjectPart: string, opts: { timeout?: number; after?: CapturedMail } = {}): Promise<CapturedMail> {
  const deadline = Date.now() + (opts.timeout ?? 15_000)
  const address = to.toLowerCase()
  const forAddress = () => readMails().filter((m) => m.rcptTo.some((r) => r.toLowerCase() === address) && m.seq > (opts.after?.seq ?? 0))
  for (;;) {
    const found = forAddress().filter((m) => m.subject.includes(subjectPart))
    if (found.length) return found[found.length - 1]
    if (Date.now() > deadline) {
      const got = forAddress().map((m) => `"${m.subject}"`)
      throw new Error(
        `No e-mail to ${to} with "${subjectPart}" in the subject within ${opts.timeout ?? 15_000} ms; received for that address: ${got.join(', ') || 'none'}`,
      )
    }
    await sleep(100)
  }
}

/** All mails to an address so far. */
export function mailsTo(to: string): CapturedMail[] {
  const address = to.toLowerCase()
  return readMails().filter((m) => m.rcptTo.some((r) => r.toLowerCase() === address))
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The absolute link `<origin><path>?…` of a mail. It must be in the text part and, as the same address, in an
 * href of the HTML part.
 */
export function linkIn(mail: CapturedMail, path: string): string {
  const re = new RegExp(`https?://[^\\s/"'<>]+${escapeRe(path)}\\?[^\\s"'<>]+`)
  const inText = re.exec(mail.text)?.[0]
  if (!inText) throw new Error(`No ${path}?… link in the text part of "${mail.subject}":\n${mail.text}`)
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'))
  if (!hrefs.includes(inText)) throw new Error(`The HTML part of "${mail.subject}" does not link to ${inText}; its links: ${hrefs.join(', ')}`)
  return inText
}
