import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { expectedBaseUrl, linkToken } from '../../../tests/setup/mail'
import { deadSmtpUrl, parseMail, useSmtpServer } from '../../../tests/setup/smtp'
import { setMailer } from '#app/adapters/mail/index.server'
import { createSmtpMailer } from '#app/adapters/mail/smtp-mailer.server'
import { db } from '#db/client.server'
import { users } from '#db/schema/index'
import { activateAccount } from './activation.server'
import { signup } from './signup.server'

useTestDatabase()
const smtp = useSmtpServer()
afterEach(() => setMailer(undefined))

describe('activation e-mail through a real SMTP server', () => {
  it('arrives with a working, single-use /activate link built from PUBLIC_URL', async () => {
    setMailer(createSmtpMailer(smtp.url(), 'no-reply@example.com'))
    const r = await signup({
      email: 'smtp.newbie@example.com',
      name: 'Selma',
      password: 'secret-pass-1',
      date_of_birth: '1993-03-03',
      gender: 'female',
      looking_for: 'male',
      country: 'NL',
      language: 'en',
    })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const got = await smtp.nextMail()
    expect(got.from).toBe('no-reply@example.com')
    expect(got.to).toEqual(['smtp.newbie@example.com'])
    const mail = parseMail(got.raw)
    expect(mail.subject).toBe('Confirm your e-mail address for Amoura')
    expect(mail.text).toContain('Hi Selma,')

    const token = linkToken(mail.text, '/activate')
    expect(mail.text).toContain(`${expectedBaseUrl()}/activate?token=${token}`)
    expect(mail.html).toContain(`href="${expectedBaseUrl()}/activate?token=${token}"`)

    expect(await activateAccount(token)).toEqual({ ok: true, userId: r.userId })
    const [u] = await db().select({ status: users.status }).from(users).where(eq(users.id, r.userId))
    expect(u.status).toBe('active')
    expect(await activateAccount(token)).toEqual({ ok: false })
  })

  it('keeps the account when the SMTP server is down (the member can ask for the e-mail again)', async () => {
    setMailer(createSmtpMailer(await deadSmtpUrl(), 'no-reply@example.com'))
    const r = await signup({
      email: 'smtp.down@example.com',
      name: 'Dora',
      password: 'secret-pass-1',
      date_of_birth: '1993-03-03',
      gender: 'female',
      looking_for: 'male',
      country: 'NL',
      language: 'en',
    })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const [u] = await db().select({ status: users.status }).from(users).where(eq(users.id, r.userId))
    expect(u.status).toBe('not_confirmed')
    expect(smtp.inbox).toEqual([])
  })
})
