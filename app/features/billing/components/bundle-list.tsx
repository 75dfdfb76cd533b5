import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { Money, useMoney } from './money'

export interface BundleView {
  id: string
  credits: number
  currency: string
  priceMinor: number
  discountedMinor: number
  perCreditMinor: number
  bestValue: boolean
}

/**
 * The credit bundles as cards: credits, price (struck through with the discounted price beside it when a discount
 * applies), price per credit and the best-value mark. As links (`linkTo`) or as radio choices of a form (`name`).
 */
export function BundleList({
  bundles,
  linkTo,
  name,
  selected,
  messageCredits,
}: {
  bundles: BundleView[]
  linkTo?: (id: string) => string
  name?: string
  selected?: string
  /** What one message costs: each package then says about how many messages it buys. */
  messageCredits?: number
}) {
  const money = useMoney()
  return (
    <ul className="row g-3 list-unstyled" data-testid="bundle-list">
      {bundles.map((b) => {
        const discounted = b.discountedMinor < b.priceMinor
        const body = (
          <>
            {b.bestValue ? (
              <span className="badge text-bg-success position-absolute top-0 start-50 translate-middle">
                <FormattedMessage id="credits.bestValue" />
              </span>
            ) : null}
            <span className="d-block bundle-credits" data-testid="bundle-credits">
              <FormattedMessage id="credits.bundleCredits" values={{ count: b.credits }} />
            </span>
            <span className="d-block fs-5">
              {discounted ? (
                <>
                  <del className="text-body-secondary me-2">
                    <Money minor={b.priceMinor} currency={b.currency} />
                  </del>
                  <strong className="text-primary">
                    <Money minor={b.discountedMinor} currency={b.currency} />
                  </strong>
                </>
              ) : (
                <Money minor={b.priceMinor} currency={b.currency} />
              )}
            </span>
            {messageCredits ? (
              <span className="d-block small fw-semibold" data-testid="bundle-messages">
                <FormattedMessage id="credits.aboutMessages" values={{ count: Math.floor(b.credits / messageCredits) }} />
              </span>
            ) : null}
            <span className="d-block small text-body-secondary">
              <FormattedMessage id="credits.perCredit" values={{ price: money(Math.round((b.discountedMinor / b.credits) * 10) / 10, b.currency) }} />
            </span>
          </>
        )
        return (
          <li key={b.id} className="col-6 col-lg-3" data-testid={`bundle-${b.id}`}>
            {linkTo ? (
              <Link
                to={linkTo(b.id)}
                className={`card h-100 text-center text-decoration-none p-3 pt-4 position-relative bundle-card${b.bestValue ? ' border-success' : ''}`}
              >
                {body}
              </Link>
            ) : (
              <label className={`card h-100 text-center p-3 pt-4 position-relative bundle-card${b.bestValue ? ' border-success' : ''}`}>
                <input
                  type="radio"
                  className="form-check-input position-absolute top-0 end-0 m-2"
                  name={name}
                  value={b.id}
                  defaultChecked={selected === b.id}
                  required
                />
                {body}
              </label>
            )}
          </li>
        )
      })}
    </ul>
  )
}
