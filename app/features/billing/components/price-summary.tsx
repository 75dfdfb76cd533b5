import { FormattedMessage } from 'react-intl'
import type { Quote } from '../pricing'
import { Money } from './money'

/** The order as it will be charged: price, discount, method fee, total and the VAT it contains. */
export function PriceSummary({ quote, code, credits }: { quote: Quote; code?: string | null; credits: number }) {
  const c = quote.currency
  return (
    <dl className="row mb-0" data-testid="price-summary">
      <dt className="col-7 fw-normal">
        <FormattedMessage id="credits.bundleCredits" values={{ count: credits }} />
      </dt>
      <dd className="col-5 text-end">
        <Money minor={quote.listPriceMinor} currency={c} />
      </dd>
      {quote.discountMinor > 0 ? (
        <>
          <dt className="col-7 fw-normal text-success">
            <FormattedMessage id="credits.discountLine" values={{ percentage: quote.discountPercentage, code: code ?? '' }} />
          </dt>
          <dd className="col-5 text-end text-success">
            −<Money minor={quote.discountMinor} currency={c} />
          </dd>
        </>
      ) : null}
      <dt className="col-7 fw-normal">
        <FormattedMessage id="credits.feeLine" />
      </dt>
      <dd className="col-5 text-end" data-testid="fee">
        <Money minor={quote.feeMinor} currency={c} />
      </dd>
      <dt className="col-7 border-top pt-2">
        <FormattedMessage id="credits.total" />
      </dt>
      <dd className="col-5 text-end border-top pt-2 fw-bold" data-testid="total">
        <Money minor={quote.totalMinor} currency={c} />
      </dd>
      <dd className="col-12 small text-body-secondary mb-0">
        <FormattedMessage id="credits.vatIncluded" values={{ vat: <Money minor={quote.vatMinor} currency={c} />, rate: quote.vatRatePermille / 10 }} />
      </dd>
    </dl>
  )
}
