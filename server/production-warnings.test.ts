import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/lib/env.server'
import { printProductionWarnings, productionWarnings } from './production-warnings.server'

const site = { NODE_ENV: 'production', PUBLIC_URL: 'https://dating.example', PAYMENT_PROVIDER: 'sandbox' }
const variables = (env: Record<string, string>) => productionWarnings(parseEnv(env)).map((w) => w.variable)

describe('productionWarnings', () => {
  it('warns a production site whose e-mail goes to the outbox', () => {
    expect(variables(site)).toContain('SMTP_URL')
    expect(variables({ ...site, SMTP_URL: 'smtp://mail.example:587' })).not.toContain('SMTP_URL')
  })

  it('warns when text messages go to the outbox (direct debit off) and while payments are simulated', () => {
    expect(variables(site)).toEqual(['SMTP_URL', 'SMS_PROVIDER', 'PAYMENT_PROVIDER'])
    const real = {
      ...site,
      SMTP_URL: 'smtp://mail.example:587',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      SMS_FROM: 'Amoura',
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz',
    }
    expect(variables(real)).toEqual([])
  })

  it('says nothing on the quick start or a production build on http (tests, localhost)', () => {
    expect(variables({ NODE_ENV: 'production' })).toEqual([])
    expect(variables({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toEqual([])
    expect(variables({ NODE_ENV: 'development', PUBLIC_URL: 'https://dating.example' })).toEqual([])
  })

  it('prints each warning beside the start lines', () => {
    const lines: string[] = []
    printProductionWarnings(parseEnv(site), (l) => lines.push(l))
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^ {2}Warning: e-mail goes to the outbox.*SMTP_URL/)
  })
})
