import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'

export interface FakeTwilioMessage {
  sid: string
  accountSid: string
  to: string
  from: string
  body: string
}

export interface TwilioFake {
  /** Base URL to give the adapter as TWILIO_API_URL. */
  url: string
  accountSid: string
  authToken: string
  /** Messages accepted so far. */
  messages: FakeTwilioMessage[]
  /** Requests seen, accepted or not (method, path, auth header). */
  requests: { method: string; path: string; authorization: string | undefined }[]
  /** The next request is answered with this HTTP status and a Twilio error body (an outage, a rate limit). */
  failNext(status: number, code?: number): void
  close(): Promise<void>
}

const E164 = /^\+[1-9]\d{6,14}$/

/**
 * A local stand-in for Twilio's Messages resource (POST /2010-04-01/Accounts/{AccountSid}/Messages.json), as its
 * REST API documents it: HTTP basic auth with the account SID and auth token (else 401, error 20003), a form body
 * with To (E.164, else 400, error 21211), From (21603) and Body (21602), and 201 with the message as JSON. Errors
 * come as Twilio's JSON: { code, message, more_info, status }.
 */
export async function startTwilioFake(opts: { accountSid?: string; authToken?: string } = {}): Promise<TwilioFake> {
  const accountSid = opts.accountSid ?? `AC${'0123456789abcdef'.repeat(2)}`
  const authToken = opts.authToken ?? 'fake-auth-token-0123456789abcdef'
  const messages: FakeTwilioMessage[] = []
  const requests: TwilioFake['requests'] = []
  let forced: { status: number; code: number } | null = null

  const error = (res: http.ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }))
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization })
      if (forced) {
        const f = forced
        forced = null
        return error(res, f.status, f.code, 'Forced failure')
      }
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path)
      if (!m || req.method !== 'POST') return error(res, 404, 20404, 'The requested resource was not found')
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ')
      const [user, pass] = Buffer.from(encoded ?? '', 'base64')
        .toString('utf8')
        .split(':')
      if (scheme !== 'Basic' || user !== accountSid || pass !== authToken || decodeURIComponent(m[1]) !== accountSid)
        return error(res, 401, 20003, 'Authenticate')
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return error(res, 400, 20001, 'Unsupported content type')
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const to = form.get('To') ?? ''
      const from = form.get('From') ?? ''
      const body = form.get('Body') ?? ''
      if (!E164.test(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`)
      if (!from) return error(res, 400, 21603, "A 'From' phone number is required.")
      if (!body) return error(res, 400, 21602, 'Message body is required.')
      const sid = `SM${(messages.length + 1).toString(16).padStart(32, '0')}`
      messages.push({ sid, accountSid, to, from, body })
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          sid,
          account_sid: accountSid,
          to,
          from,
          body,
          status: 'queued',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          num_segments: '1',
          error_code: null,
          error_message: null,
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    requests,
    failNext(status, code = 20500) {
      forced = { status, code }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The fake for a test file, emptied before every test. */
export function useTwilioFake(): () => TwilioFake {
  let fake: TwilioFake | undefined
  beforeAll(async () => {
    fake = await startTwilioFake()
  })
  beforeEach(() => {
    fake!.messages.length = 0
    fake!.requests.length = 0
  })
  afterAll(async () => {
    await fake?.close()
  })
  return () => fake!
}
