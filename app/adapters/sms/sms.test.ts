import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvCache } from '#app/lib/env.server'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { useTwilioFake } from '../../../tests/setup/twilio-fake'
import { setSmsSender, sms } from './index.server'
import { createOutboxSms, listSmsOutbox } from './outbox-sms.server'

useTestDatabase()
const twilio = useTwilioFake()
const saved = { ...process.env }

afterEach(() => {
  process.env = { ...saved }
  resetEnvCache()
  setSmsSender(undefined)
})

describe('the SMS adapter', () => {
  it('keeps messages in the outbox by default and logs only the row id', async () => {
    const lines: string[] = []
    await createOutboxSms((l) => lines.push(l)).send({ to: '+31612345678', body: 'Your code: 123456' })
    expect(await listSmsOutbox(10)).toEqual([expect.objectContaining({ toNumber: '+31612345678', body: 'Your code: 123456' })])
    expect(lines).toEqual([expect.stringMatching(/^text message #\d+ kept in the outbox/)])
    expect(lines.join()).not.toMatch(/612345678|123456/)
  })

  it('is chosen by SMS_PROVIDER: the outbox unless twilio is configured', async () => {
    delete process.env.SMS_PROVIDER
    resetEnvCache()
    await sms().send({ to: '+31600000001', body: 'outbox' })
    expect((await listSmsOutbox(10)).map((r) => r.body)).toEqual(['outbox'])

    setSmsSender(undefined)
    Object.assign(process.env, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio().accountSid,
      TWILIO_AUTH_TOKEN: twilio().authToken,
      SMS_FROM: '+3197010000000',
      TWILIO_API_URL: twilio().url,
    })
    resetEnvCache()
    await sms().send({ to: '+31600000002', body: 'twilio' })
    expect(twilio().messages.map((m) => [m.to, m.from, m.body])).toEqual([['+31600000002', '+3197010000000', 'twilio']])
    expect(await listSmsOutbox(10)).toHaveLength(1)
  })
})
