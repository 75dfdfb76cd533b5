import fs from 'node:fs'
import { SMTPServer } from 'smtp-server'
import { mailFile, parseRawMail, type CapturedMail } from './mail'

/**
 * Global setup: a real SMTP server on the fixed loopback port E2E_SMTP_PORT that the web server sends to
 * (SMTP_URL in playwright.config.ts). Every message is parsed and appended as one JSON line to E2E_MAIL_FILE,
 * where the tests read it (tests/e2e/mail.ts). Runs once, in the runner process; Playwright starts the web
 * server before global setup, which is fine: the app opens an SMTP connection only when it sends a mail.
 */
export default async function startSmtpCapture(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT)
  const file = mailFile()
  fs.writeFileSync(file, '')
  let seq = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    // At the end of the run the site's pooled connections may still be open: do not wait 30 s for them.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('error', callback)
      stream.on('end', () => {
        try {
          const mail: CapturedMail = {
            seq: ++seq,
            receivedAt: new Date().toISOString(),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            ...parseRawMail(Buffer.concat(chunks)),
          }
          fs.appendFileSync(file, `${JSON.stringify(mail)}\n`)
          callback()
        } catch (e) {
          callback(e as Error)
        }
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((e: Error) => {
    throw new Error(`The test SMTP server could not listen on 127.0.0.1:${port} (set E2E_SMTP_PORT to a free port): ${e.message}`)
  })
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
