import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { blockForDirectDebit } from '#app/features/billing/direct-debit.server'
import { setSmsSender, type OutgoingSms } from '#app/adapters/sms/index.server'
import { createOutboxSms } from '#app/adapters/sms/outbox-sms.server'
import { resetEnvCache } from '#app/lib/env.server'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import * as page from './directdebit'
import * as outbox from './dev-outbox'

useTestDatabase()

const texts: OutgoingSms[] = []
beforeEach(() => {
  texts.length = 0
  setSmsSender({ send: async (m) => void texts.push(m) })
})
afterEach(() => setSmsSender(undefined))

// React Router hands loaders and actions one argument; these tests do the same.
const call = <T>(fn: (args: never) => T, request: Request, context: Record<string, unknown>) => fn({ request, params: {}, context } as never)
/** Runs a loader or action and gives back what it returned or threw (redirects are thrown Responses). */
async function outcome(p: unknown): Promise<unknown> {
  try {
    return await p
  } catch (e) {
    return e
  }
}
const body = (init: { data: unknown; init: { status?: number } | null } | unknown) => init as { data: Record<string, unknown>; init: { status: number } }

const details = {
  account_holder: 'Anna de Vries',
  iban: 'nl91 abna 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '06 12345678',
  authorize: 'on',
}

async function member(country = 'NL') {
  const m = await createMember({ country })
  return { ...m, context: { viewer: await getViewer(m.userId), sessionToken: null, clientIp: '127.0.0.1' } }
}

const post = (path: string, fields: Record<string, string>) => new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) })

describe('/directdebit', () => {
  it('asks for a login first', async () => {
    const r = (await outcome(call(page.loader, new Request('http://localhost/directdebit?bundle=m'), {}))) as Response
    expect(r.status).toBe(302)
    expect(r.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/directdebit?bundle=m')}`)
  })

  it('shows what is bought, and why direct debit is not offered', async () => {
    const nl = await member('NL')
    const shown = (await call(page.loader, new Request('http://localhost/directdebit?bundle=m'), nl.context)) as Extract<
      Awaited<ReturnType<typeof page.loader>>,
      { formKey: string }
    >
    expect(shown).toMatchObject({
      offer: { credits: 125, totalMinor: 1999, currency: 'EUR' },
      offerError: null,
      company: 'Amoura Media B.V.',
      country: 'NL',
      pending: null,
    })
    expect(shown.formKey).toMatch(/^[\w-]{8,80}$/)
    expect(await call(page.loader, new Request('http://localhost/directdebit?bundle=nope'), nl.context)).toMatchObject({
      offer: null,
      offerError: 'directdebit.unknownBundle',
    })
    const gb = await member('GB')
    expect(await call(page.loader, new Request('http://localhost/directdebit?bundle=m'), gb.context)).toMatchObject({
      offer: null,
      offerError: 'directdebit.unavailable',
    })
  })

  it('answers field errors and keeps what was typed', async () => {
    const m = await member()
    const r = body(
      await call(page.action, post('/directdebit?bundle=s', { intent: 'start', key: 'form-key-1', ...details, iban: 'NL00 0000', authorize: '' }), m.context),
    )
    expect(r.init.status).toBe(400)
    const result = r.data.result as { error: Record<string, string[]>; initialValue: Record<string, string> }
    expect(result.error).toMatchObject({ iban: ['directdebit.ibanInvalid'], authorize: ['directdebit.authorizationRequired'] })
    expect(result.error.phone).toBeUndefined()
    expect(result.initialValue).toMatchObject({ account_holder: 'Anna de Vries', iban: 'NL00 0000', city: 'Amsterdam' })
    expect(texts).toHaveLength(0)
  })

  it('refuses a blocked IBAN with the spec text, keeping the form', async () => {
    await blockForDirectDebit('iban', 'NL91ABNA0417164300')
    const m = await member()
    const r = body(await call(page.action, post('/directdebit?bundle=s', { intent: 'start', key: 'form-key-2', ...details }), m.context))
    expect(r.init.status).toBe(403)
    const result = r.data.result as { error: Record<string, string[]>; initialValue: Record<string, string> }
    expect(result.error['']).toEqual(['directdebit.blocked'])
    expect(result.initialValue).toMatchObject({ iban: details.iban, phone: details.phone, authorize: 'on' })
  })

  it('goes from the form to the code, says Code invalid for a wrong one, and lands on the transaction', async () => {
    const m = await member()
    const started = (await outcome(
      call(page.action, post('/directdebit?bundle=s&code=', { intent: 'start', key: 'form-key-3', ...details }), m.context),
    )) as Response
    expect(started.status).toBe(302)
    const next = started.headers.get('location')!
    expect(next).toMatch(/^\/directdebit\?bundle=s&mandate=\d+$/)
    expect(texts.map((t) => t.to)).toEqual(['+31612345678'])
    const mandate = new URL(next, 'http://localhost').searchParams.get('mandate')!

    const shown = await call(page.loader, new Request(`http://localhost${next}`), m.context)
    expect(shown).toMatchObject({ pending: { id: Number(mandate), phoneEnd: '678', smsSent: true }, minutes: 10 })

    const code = /\b(\d{6})\b/.exec(texts[0].body)![1]
    const wrongCode = code === '000000' ? '111111' : '000000'
    const bad = body(await call(page.action, post(next, { intent: 'confirm', mandate, otp: wrongCode }), m.context))
    expect(bad.init.status).toBe(400)
    expect(bad.data).toMatchObject({ intent: 'confirm', attemptsLeft: 4, result: { error: { otp: ['directdebit.codeInvalid'] } } })

    const resent = body(await call(page.action, post(next, { intent: 'resend', mandate }), m.context))
    expect(resent.data).toMatchObject({ intent: 'resend', error: 'directdebit.resendTooSoon', values: { seconds: expect.any(Number) } })
    expect(resent.init.status).toBe(429)

    const done = (await outcome(call(page.action, post(next, { intent: 'confirm', mandate, otp: code }), m.context))) as Response
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toMatch(/^\/transactions\/\d+$/)
  })

  it('refuses the limit with the spec text', async () => {
    const m = await member()
    const first = (await outcome(call(page.action, post('/directdebit?bundle=xl', { intent: 'start', key: 'form-key-4', ...details }), m.context))) as Response
    const mandate = new URL(first.headers.get('location')!, 'http://localhost').searchParams.get('mandate')!
    const code = /\b(\d{6})\b/.exec(texts[0].body)![1]
    await outcome(call(page.action, post('/directdebit?bundle=xl', { intent: 'confirm', mandate, otp: code }), m.context))
    const r = body(await call(page.action, post('/directdebit?bundle=l', { intent: 'start', key: 'form-key-5', ...details }), m.context))
    expect(r.init.status).toBe(409)
    expect((r.data.result as { error: Record<string, string[]> }).error['']).toEqual(['directdebit.limit'])
  })
})

describe('/dev/outbox', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
    resetEnvCache()
  })

  it('shows the text messages of the SMS outbox to this machine only', async () => {
    await createOutboxSms(() => {}).send({ to: '+31612345678', body: 'Your code 123456' })
    const shown = (await call(outbox.loader, new Request('http://localhost/dev/outbox'), { clientIp: '127.0.0.1', directLocalPeer: true })) as Awaited<
      ReturnType<typeof outbox.loader>
    >
    expect(shown.sms).toEqual([expect.objectContaining({ toNumber: '+31612345678', body: 'Your code 123456' })])
    const away = (await outcome(call(outbox.loader, new Request('http://localhost/dev/outbox'), { clientIp: '10.1.2.3', directLocalPeer: false }))) as Response
    expect(away.status).toBe(404)
  })

  it('shows the text messages when e-mail goes out by SMTP, and nothing when both go out for real', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525'
    resetEnvCache()
    expect(await call(outbox.loader, new Request('http://localhost/dev/outbox'), { clientIp: '127.0.0.1', directLocalPeer: true })).toEqual({
      emails: null,
      sms: [],
    })
    Object.assign(process.env, { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', SMS_FROM: 'Amoura' })
    resetEnvCache()
    expect(
      ((await outcome(call(outbox.loader, new Request('http://localhost/dev/outbox'), { clientIp: '127.0.0.1', directLocalPeer: true }))) as Response).status,
    ).toBe(404)
  })
})
