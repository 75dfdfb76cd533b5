import { FormattedMessage } from 'react-intl'
import { hoursLeft } from '../countdown'
import type { DiscountView } from '../offers.server'
import { Icon } from '#app/ui/icon'

/** The discount that applies, with how long it lasts (the welcome discount in hours, spec section 9). */
export function DiscountNotice({ discount }: { discount: DiscountView }) {
  const hours = discount.endsAt ? hoursLeft(discount.endsAt) : null
  const id = discount.kind === 'welcome' ? 'discount.welcome' : discount.kind === 'time_bonus' ? 'discount.timeBonus' : 'discount.active'
  return (
    <div className="alert alert-success d-flex align-items-center gap-2" role="status" data-testid="discount-notice">
      <Icon name="tag-fill" className="fs-5" />
      <span>
        <FormattedMessage id={id} values={{ percentage: discount.percentage, code: <strong>{discount.code}</strong>, hours: hours ?? 0 }} />
        {hours !== null && discount.kind !== 'welcome' ? (
          <>
            {' '}
            <FormattedMessage id="discount.hoursLeft" values={{ hours }} />
          </>
        ) : null}
      </span>
    </div>
  )
}
