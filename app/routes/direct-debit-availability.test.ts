import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setSmsSender, type OutgoingSms } from '#app/adapters/sms/index.server'
import { getViewer } from '#app/features/authentication/viewer.server'
import { isDirectDebitAvailable } from '#app/features/billing/direct-debit-availability.server'
import { resendDirectDebitCode } from '#app/features/billing/direct-debit.server'
import { resetEnvCache } from '#app/lib/env.server'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import * as checkout from './credits-id-paymentmethod'
import * as credits from './credits'
import * as page from './directdebit'

useTestDatabase()

// Direct debit is confirmed by a texted code: a production site whose text messages only reach the outbox does not
// offer it, and refuses it in words when it is asked for by address (app/features/billing/direct-debit-availability.server.ts).

const texts: OutgoingSms[] = []
const saved = { ...process.env }
beforeEach(() => {
  texts.length = 0
  setSmsSender({ send: async (m) => void texts.push(m) })
})
afterEach(() => {
  setSmsSender(undefined)
  process.env = { ...saved }
  resetEnvCache()
})

const productionSite = (extra: Record<string, string> = {}) => {
  Object.assign(process.env, { NODE_ENV: 'production', PUBLIC_URL: 'https://dating.example', PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'outbox', ...extra })
  resetEnvCache()
}
const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', SMS_FROM: 'Amoura' }

const call = <T>(fn: (args: never) => T, request: Request, context: Record<string, unknown>, params: Record<string, string> = {}) =>
  fn({ request, params, context } as never)
async function outcome(p: unknown): Promise<unknown> {
  try {
    return await p
  } catch (e) {
    return e
  }
}
type Answer = { data: Record<string, unknown>; init: { status: number } }
async function member() {
  const m = await createMember({ country: 'NL' })
  return { ...m, context: { viewer: await getViewer(m.userId), sessionToken: null, clientIp: '127.0.0.1' } }
}
const methodIds = (d: unknown) => (d as { methods: { id: string }[] }).methods.map((m) => m.id)
const details = {
  account_holder: 'Anna de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '06 12345678',
  authorize: 'on',
}

describe('isDirectDebitAvailable', () => {
  it('is off only on a production site whose text messages go to the outbox', () => {
    const site = { NODE_ENV: 'production' as const, PUBLIC_URL: 'https://dating.example' }
    expect(isDirectDebitAvailable({ ...site, SMS_PROVIDER: 'outbox' })).toBe(false)
    expect(isDirectDebitAvailable({ ...site, SMS_PROVIDER: 'twilio' })).toBe(true)
    // The quick start and the tests: a production build on http, or no PUBLIC_URL at all.
    expect(isDirectDebitAvailable({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', SMS_PROVIDER: 'outbox' })).toBe(true)
    expect(isDirectDebitAvailable({ NODE_ENV: 'production', PUBLIC_URL: undefined, SMS_PROVIDER: 'outbox' })).toBe(true)
  })
})

describe('direct debit on a production site without an SMS provider', () => {
  it('is offered on the demo, and not offered on /credits or a bundle’s methods in production', async () => {
    const m = await member()
    expect(methodIds(await call(credits.loader, new Request('http://localhost/credits'), m.context))).toContain('sepa_direct_debit')
    productionSite()
    const shown = methodIds(await call(credits.loader, new Request('http://localhost/credits'), m.context))
    expect(shown).not.toContain('sepa_direct_debit')
    expect(shown).toContain('ideal')
    expect(methodIds(await call(checkout.loader, new Request('http://localhost/credits/m'), m.context, { id: 'm' }))).not.toContain('sepa_direct_debit')
  })

  it('refuses /credits/{bundle}/sepa_direct_debit with a 403 and the text, instead of leading to the form', async () => {
    const m = await member()
    productionSite()
    const r = (await call(checkout.loader, new Request('http://localhost/credits/m/sepa_direct_debit'), m.context, {
      id: 'm',
      paymentmethod: 'sepa_direct_debit',
    })) as unknown as Answer
    expect(r.init.status).toBe(403)
    expect(r.data).toMatchObject({ step: 'refused', refusal: { id: 'directdebit.off', status: 403 } })
  })

  it('refuses /directdebit itself (the page and the form) with a 403 and the text, and texts no code', async () => {
    const m = await member()
    productionSite()
    const shown = (await call(page.loader, new Request('http://localhost/directdebit?bundle=m'), m.context)) as unknown as Answer
    expect(shown.init.status).toBe(403)
    expect(shown.data).toMatchObject({ offer: null, offerError: 'directdebit.off' })
    const started = (await call(
      page.action,
      new Request('http://localhost/directdebit?bundle=m', { method: 'POST', body: new URLSearchParams({ intent: 'start', key: 'form-key-off', ...details }) }),
      m.context,
    )) as unknown as Answer
    expect(started.init.status).toBe(403)
    expect((started.data.result as { error: Record<string, string[]> }).error['']).toEqual(['directdebit.off'])
    expect(texts).toHaveLength(0)
  })

  it('also refuses a code asked for or confirmed on a mandate begun before (no code is texted)', async () => {
    const m = await member()
    const started = (await outcome(
      call(
        page.action,
        new Request('http://localhost/directdebit?bundle=s', {
          method: 'POST',
          body: new URLSearchParams({ intent: 'start', key: 'form-key-before', ...details }),
        }),
        m.context,
      ),
    )) as Response
    expect(started.status).toBe(302)
    const mandate = new URL(started.headers.get('location')!, 'http://localhost').searchParams.get('mandate')!
    texts.length = 0
    productionSite()
    expect(await resendDirectDebitCode(m.userId, Number(mandate))).toEqual({ ok: false, reason: 'direct_debit_off' })
    const confirmed = (await call(
      page.action,
      new Request('http://localhost/directdebit?bundle=s', { method: 'POST', body: new URLSearchParams({ intent: 'confirm', mandate, otp: '123456' }) }),
      m.context,
    )) as unknown as Answer
    expect(confirmed.init.status).toBe(403)
    expect(texts).toHaveLength(0)
  })

  it('is offered on a production site with a real SMS provider', async () => {
    const m = await member()
    productionSite(twilio)
    expect(methodIds(await call(credits.loader, new Request('http://localhost/credits'), m.context))).toContain('sepa_direct_debit')
    const r = (await outcome(
      call(checkout.loader, new Request('http://localhost/credits/m/sepa_direct_debit'), m.context, { id: 'm', paymentmethod: 'sepa_direct_debit' }),
    )) as Response
    expect(r.status).toBe(302)
    expect(r.headers.get('location')).toBe('/directdebit?bundle=m')
  })
})
