import { renderToStaticMarkup } from 'react-dom/server'
import { IntlProvider } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { catalogs } from '#app/i18n/catalogs.server'
import { Receipt, type ReceiptPayment } from './receipt'

const payment: ReceiptPayment = {
  id: 7,
  credits: 125,
  currency: 'EUR',
  method: 'ideal',
  listPriceMinor: 1999,
  discountMinor: 0,
  feeMinor: 0,
  totalMinor: 1999,
  vatMinor: 347,
  vatRatePermille: 210,
  status: 'paid',
  refundedMinor: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  refundUntil: null,
}
const company = { name: 'Amoura Media B.V.', address: 'Keizersgracht 1', city: 'Amsterdam', country: 'NL', registration_number: '123', vat_numbers: [] }
const render = (p: ReceiptPayment, locale: 'en' | 'nl' = 'en') =>
  renderToStaticMarkup(
    <IntlProvider locale={locale} messages={catalogs[locale]}>
      <Receipt payment={p} company={company} />
    </IntlProvider>,
  )

describe('a receipt', () => {
  it('says a sandbox payment was simulated, in the member’s language', () => {
    expect(render({ ...payment, provider: 'sandbox' })).toContain('Test payment: this payment was simulated. No real money was charged.')
    expect(render({ ...payment, provider: 'sandbox' }, 'nl')).toContain(catalogs.nl['testMode.receipt'])
  })

  it('says nothing of the kind for a real provider’s payment', () => {
    expect(render({ ...payment, provider: 'mollie' })).not.toContain('test-payment-note')
  })
})
