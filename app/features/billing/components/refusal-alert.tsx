import { FormattedMessage } from 'react-intl'
import { Money } from './money'

/** A refused checkout, with amounts formatted in the page's locale. */
export function RefusalAlert({ refusal }: { refusal: { id: string; money?: Record<string, { minor: number; currency: string }> } }) {
  const values = Object.fromEntries(Object.entries(refusal.money ?? {}).map(([k, v]) => [k, <Money key={k} minor={v.minor} currency={v.currency} />]))
  return (
    <div className="alert alert-danger" role="alert" data-testid="checkout-error">
      <FormattedMessage id={refusal.id} values={values} />
    </div>
  )
}
