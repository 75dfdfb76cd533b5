import { renderToStaticMarkup } from 'react-dom/server'
import { IntlProvider } from 'react-intl'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { catalogs } from '#app/i18n/catalogs.server'
import { resetEnvCache } from '#app/lib/env.server'
import { loader as rootLoader } from '#app/root'
import { startMollieFake, type MollieFake } from '../../tests/setup/mollie-fake'
import { useTestDatabase } from '../../tests/setup/test-db'
import { TestModeBanner } from './test-mode-banner'

useTestDatabase()

const render = (locale: 'en' | 'de') =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={catalogs[locale]}>
      <TestModeBanner />
    </IntlProvider>,
  )

describe('TestModeBanner', () => {
  it('is a labelled landmark that says no real money moves, in the page language', () => {
    const en = render('en')
    expect(en).toMatch(/^<aside class="test-mode-banner" aria-label="Test mode" data-testid="test-mode-banner">/)
    expect(en).toContain('Test mode: no real money moves. Payments here are simulated.')
    const de = render('de')
    expect(de).toContain('aria-label="Testmodus"')
    expect(de).toContain(catalogs.de['testMode.banner'])
  })
})

// The flag reaches every page through the root loader's data (app/root.tsx renders the banner above every layout).
describe('the root loader', () => {
  let mollie: MollieFake
  const saved = { ...process.env }
  beforeAll(async () => {
    mollie = await startMollieFake()
  })
  afterAll(() => mollie.close())
  afterEach(() => {
    process.env = { ...saved }
    resetEnvCache()
  })
  const load = async () =>
    rootLoader({
      request: new Request('http://localhost/'),
      params: {},
      context: { viewer: null, sessionToken: null, clientIp: '127.0.0.1', requestFailure: { serviceUnavailable: false } },
    } as never)

  it('turns test mode on while the sandbox is the payment provider (the default)', async () => {
    delete process.env.PAYMENT_PROVIDER
    resetEnvCache()
    expect((await load()).testMode).toBe(true)
  })

  it('leaves it off with a real provider', async () => {
    Object.assign(process.env, { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: mollie.apiKey, MOLLIE_API_ENDPOINT: mollie.url })
    resetEnvCache()
    expect((await load()).testMode).toBe(false)
  })
})
