import { describe, expect, it } from 'vitest'
import { deadSmtpUrl, parseMail, useSmtpServer } from '../../../tests/setup/smtp'
import { createSmtpMailer } from './smtp-mailer.server'

const smtp = useSmtpServer()

describe('createSmtpMailer', () => {
  it('delivers subject, HTML and text to a real SMTP server', async () => {
    const mailer = createSmtpMailer(smtp.url(), 'from@x')
    const text = `Hallo Welt – grüße aus Köln.\nA long line: ${'abc=def '.repeat(20)}\nhttp://localhost:3000/activate?token=abc_DEF-123`
    await mailer.send({ to: 'rcpt@example.com', subject: 'Grüße – your e-mail', html: '<p>Hallo <b>Welt</b> – ü</p>', text, kind: 'test' })
    const got = await smtp.nextMail()
    expect(got.from).toBe('from@x')
    expect(got.to).toEqual(['rcpt@example.com'])
    const parsed = parseMail(got.raw)
    expect(parsed.subject).toBe('Grüße – your e-mail')
    expect(parsed.from).toContain('from@x')
    expect(parsed.to).toContain('rcpt@example.com')
    expect(parsed.html).toBe('<p>Hallo <b>Welt</b> – ü</p>')
    expect(parsed.text).toBe(text)
  })

  it('sends each e-mail to its own recipient', async () => {
    const mailer = createSmtpMailer(smtp.url(), 'from@x')
    await mailer.send({ to: 'one@example.com', subject: 'First', html: '<p>1</p>', text: '1', kind: 'test' })
    await mailer.send({ to: 'two@example.com', subject: 'Second', html: '<p>2</p>', text: '2', kind: 'test' })
    await smtp.nextMail(2)
    expect(smtp.inbox.map((m) => [m.to, parseMail(m.raw).subject])).toEqual([
      [['one@example.com'], 'First'],
      [['two@example.com'], 'Second'],
    ])
  })

  it('fails loudly when the server cannot be reached', async () => {
    const mailer = createSmtpMailer(await deadSmtpUrl(), 'from@x')
    await expect(mailer.send({ to: 'rcpt@example.com', subject: 's', html: '<p>h</p>', text: 't', kind: 'test' })).rejects.toThrow()
  })
})
