import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { Icon } from './icon'

/** What a free member sees on a Premium function (spec section 6): the spec's text and the way to Premium. */
export function PremiumOnlyNotice({ onClose }: { onClose?: () => void }) {
  const intl = useIntl()
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 mb-0" role="alert" data-testid="premium-only">
      <Icon name="lock-fill" />
      <span className="me-auto">
        <FormattedMessage id="premium.featureOnly" />
      </span>
      <Link to="/premium" className="btn btn-sm btn-primary">
        <FormattedMessage id="nav.getPremium" />
      </Link>
      {onClose ? <button type="button" className="btn-close" onClick={onClose} aria-label={intl.formatMessage({ id: 'common.close' })} /> : null}
    </div>
  )
}
