import { FormattedDate, FormattedMessage } from 'react-intl'
import { MethodName } from './method-list'
import { Money } from './money'
import { findPaymentMethod } from '../payment-methods'
import { isTestPayment, TestPaymentNote } from './test-payment'

export interface ReceiptPayment {
  id: number
  credits: number
  currency: string
  method: string
  /** The payment provider's name; a sandbox payment is marked as simulated. */
  provider?: string
  listPriceMinor: number
  discountMinor: number
  feeMinor: number
  totalMinor: number
  vatMinor: number
  vatRatePermille: number
  status: string
  refundedMinor: number
  createdAt: string
  paidAt: string | null
  refundUntil: string | null
}

export interface ReceiptCompany {
  name: string
  address: string
  city: string
  country: string
  registration_number: string
  vat_numbers: string[]
}

/** A printable receipt (spec: transactions detail): the seller, the purchase, the VAT, the refund deadline. */
export function Receipt({ payment: p, company }: { payment: ReceiptPayment; company: ReceiptCompany }) {
  const method = findPaymentMethod(p.method)
  const c = p.currency
  return (
    <section className="card receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <div className="card-body">
        {isTestPayment(p) ? <TestPaymentNote /> : null}
        <div className="d-flex flex-wrap justify-content-between gap-3 mb-3">
          <div>
            <h2 id="receipt-title" className="h5 mb-1">
              <FormattedMessage id="transactions.receipt" values={{ id: p.id }} />
            </h2>
            <div className="small text-body-secondary">
              <FormattedDate value={p.paidAt ?? p.createdAt} dateStyle="long" timeStyle="short" />
            </div>
          </div>
          <address className="small mb-0 text-end">
            <strong>{company.name}</strong>
            <br />
            {company.address}, {company.city}, {company.country}
            <br />
            <FormattedMessage id="transactions.registration" values={{ number: company.registration_number }} />
            {company.vat_numbers.length ? (
              <>
                <br />
                <FormattedMessage id="transactions.vatNumber" values={{ number: company.vat_numbers.join(', ') }} />
              </>
            ) : null}
          </address>
        </div>
        <dl className="row mb-0">
          <dt className="col-7 fw-normal">
            <FormattedMessage id="credits.bundleCredits" values={{ count: p.credits }} />
          </dt>
          <dd className="col-5 text-end">
            <Money minor={p.listPriceMinor} currency={c} />
          </dd>
          {p.discountMinor > 0 ? (
            <>
              <dt className="col-7 fw-normal">
                <FormattedMessage id="transactions.discount" />
              </dt>
              <dd className="col-5 text-end">
                −<Money minor={p.discountMinor} currency={c} />
              </dd>
            </>
          ) : null}
          <dt className="col-7 fw-normal">
            <FormattedMessage id="credits.feeLine" /> ({method ? <MethodName method={method} /> : p.method})
          </dt>
          <dd className="col-5 text-end">
            <Money minor={p.feeMinor} currency={c} />
          </dd>
          <dt className="col-7 border-top pt-2">
            <FormattedMessage id="credits.total" />
          </dt>
          <dd className="col-5 text-end border-top pt-2 fw-bold">
            <Money minor={p.totalMinor} currency={c} />
          </dd>
          <dt className="col-7 fw-normal small">
            <FormattedMessage id="transactions.vat" values={{ rate: p.vatRatePermille / 10 }} />
          </dt>
          <dd className="col-5 text-end small">
            <Money minor={p.vatMinor} currency={c} />
          </dd>
          {p.refundedMinor > 0 ? (
            <>
              <dt className="col-7 fw-normal">
                <FormattedMessage id="transactions.refunded" />
              </dt>
              <dd className="col-5 text-end">
                −<Money minor={p.refundedMinor} currency={c} />
              </dd>
            </>
          ) : null}
        </dl>
        {p.refundUntil && p.status === 'paid' ? (
          <p className="small text-body-secondary mt-3 mb-0" data-testid="refund-deadline">
            <FormattedMessage id="transactions.refundUntil" values={{ date: <FormattedDate value={p.refundUntil} dateStyle="long" /> }} />
          </p>
        ) : null}
      </div>
    </section>
  )
}
