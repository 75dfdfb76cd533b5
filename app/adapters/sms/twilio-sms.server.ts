import type { SmsSender } from './sms-sender'

export interface TwilioConfig {
  accountSid: string
  authToken: string
  /** A Twilio number in E.164 or an alphanumeric sender id. */
  from: string
  /** Only to point the client elsewhere (the tests' local fake, tests/setup/twilio-fake.ts). */
  apiUrl?: string
  timeoutMs?: number
}

/** Twilio answered with an error (its own error code, e.g. 21211 for an invalid number) or not at all. */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message)
  }
}

/**
 * Twilio's Programmable Messaging REST API, without its SDK: one POST of a form to the account's Messages
 * resource with HTTP basic auth (account SID and auth token). Twilio answers 201 with the queued message; any
 * other status is an error whose JSON names a Twilio error code. The error message carries that code, never the
 * number or the text.
 */
export function createTwilioSms(config: TwilioConfig): SmsSender {
  const base = (config.apiUrl ?? 'https://api.twilio.com').replace(/\/$/, '')
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`
  return {
    async send(sms) {
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: sms.to, From: config.from, Body: sms.body }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        })
      } catch (e) {
        throw new SmsError(`Twilio could not be reached (${e instanceof Error ? e.name : 'error'})`)
      }
      const text = await res.text().catch(() => '')
      if (res.ok) return
      let code: number | undefined
      try {
        const parsed = JSON.parse(text) as { code?: unknown }
        if (typeof parsed.code === 'number') code = parsed.code
      } catch {
        // not JSON (a proxy's error page): the status says enough
      }
      throw new SmsError(`Twilio refused the message: HTTP ${res.status}${code ? `, error ${code}` : ''}`, res.status, code)
    },
  }
}
