import { describe, expect, it } from 'vitest'
import { useTwilioFake } from '../../../tests/setup/twilio-fake'
import { createTwilioSms, SmsError } from './twilio-sms.server'

const twilio = useTwilioFake()

const sender = (over: Partial<Parameters<typeof createTwilioSms>[0]> = {}) =>
  createTwilioSms({ accountSid: twilio().accountSid, authToken: twilio().authToken, from: 'Amoura', apiUrl: twilio().url, ...over })

describe('createTwilioSms', () => {
  it('posts To, From and Body as a form to the account Messages resource with basic auth', async () => {
    const body = 'Ihr Code: 123456 – gültig 10 Minuten'
    await sender().send({ to: '+31612345678', body })
    expect(twilio().messages).toEqual([expect.objectContaining({ to: '+31612345678', from: 'Amoura', body, accountSid: twilio().accountSid })])
    expect(twilio().requests).toEqual([
      {
        method: 'POST',
        path: `/2010-04-01/Accounts/${twilio().accountSid}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${twilio().accountSid}:${twilio().authToken}`).toString('base64')}`,
      },
    ])
  })

  it('fails with the HTTP status and Twilio code on wrong credentials, and sends nothing', async () => {
    const err = await sender({ authToken: 'wrong-token' })
      .send({ to: '+31612345678', body: 'x' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SmsError)
    expect(err).toMatchObject({ status: 401, code: 20003 })
    expect(twilio().messages).toHaveLength(0)
  })

  it('fails on a number Twilio refuses, without the number or the text in the error', async () => {
    const err = (await sender()
      .send({ to: '0612345678', body: 'secret 654321' })
      .catch((e: unknown) => e)) as SmsError
    expect(err).toMatchObject({ status: 400, code: 21211 })
    expect(err.message).not.toContain('0612345678')
    expect(err.message).not.toContain('654321')
  })

  it('fails on a server error and when Twilio cannot be reached', async () => {
    twilio().failNext(503)
    await expect(sender().send({ to: '+31612345678', body: 'x' })).rejects.toMatchObject({ status: 503 })
    await expect(sender({ apiUrl: 'http://127.0.0.1:1' }).send({ to: '+31612345678', body: 'x' })).rejects.toThrow(/could not be reached/)
    expect(twilio().messages).toHaveLength(0)
  })
})
