import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import { ResultPanel } from '#app/ui/result-panel'
import type { Route } from './+types/account-deleted'

export default function AccountDeleted() {
  return (
    <ResultPanel
      tone="neutral"
      title={<FormattedMessage id="deleted.title" />}
      action={
        <Link to="/" className="btn btn-outline-dark">
          <FormattedMessage id="error.home" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id="deleted.text" values={{ days: 14 }} />
      </p>
    </ResultPanel>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'deleted.title')]
}
