import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { Money } from './money'
import { Icon } from '#app/ui/icon'
import type { IconName } from '#app/ui/icon-names'

export interface MethodChoice {
  id: string
  label?: string
  labelId?: string
  icon: IconName
  feeMinor: number
  /** The card brands a card payment takes (issue 28: one choice, its brands named). */
  brands?: string[]
}

export function MethodName({ method }: { method: { label?: string; labelId?: string } }) {
  const intl = useIntl()
  return <>{method.labelId ? intl.formatMessage({ id: method.labelId }) : method.label}</>
}

/** The brands a card payment takes, as small marks beside its name. */
function Brands({ brands }: { brands?: string[] }) {
  if (!brands?.length) return null
  return (
    <span className="d-flex flex-wrap gap-1 mt-1" data-testid="card-brands">
      {brands.map((b) => (
        <span key={b} className="badge rounded-1 border text-body-emphasis bg-body fw-semibold">
          {b}
        </span>
      ))}
    </span>
  )
}

function Fee({ feeMinor, currency }: { feeMinor: number; currency: string }) {
  return (
    <span className="small text-body-secondary">
      {feeMinor > 0 ? (
        <FormattedMessage id="credits.fee" values={{ fee: <Money minor={feeMinor} currency={currency} /> }} />
      ) : (
        <FormattedMessage id="credits.noFee" />
      )}
    </span>
  )
}

/** The payment methods of the member's country with the fee each adds, as links or as radio choices of a form. */
export function MethodList({
  methods,
  currency,
  linkTo,
  name,
  selected,
}: {
  methods: MethodChoice[]
  currency: string
  linkTo?: (id: string) => string
  name?: string
  selected?: string
}) {
  return (
    <ul className="list-group" data-testid="method-list">
      {methods.map((m) =>
        linkTo ? (
          <li key={m.id} className="list-group-item list-group-item-action p-0">
            <Link to={linkTo(m.id)} className="d-flex align-items-center gap-3 p-3 text-decoration-none text-body" data-testid={`method-${m.id}`}>
              <Icon name={m.icon} className="fs-4" />
              <span className="flex-grow-1 fw-semibold">
                <MethodName method={m} />
                <Brands brands={m.brands} />
              </span>
              <Fee feeMinor={m.feeMinor} currency={currency} />
            </Link>
          </li>
        ) : (
          <li key={m.id} className="list-group-item">
            <label className="d-flex align-items-center gap-3" data-testid={`method-${m.id}`}>
              <input type="radio" className="form-check-input mt-0" name={name} value={m.id} defaultChecked={selected === m.id} required />
              <Icon name={m.icon} className="fs-4" />
              <span className="flex-grow-1 fw-semibold">
                <MethodName method={m} />
                <Brands brands={m.brands} />
              </span>
              <Fee feeMinor={m.feeMinor} currency={currency} />
            </label>
          </li>
        ),
      )}
    </ul>
  )
}
