import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/account-deleted'

export default function AccountDeleted() {
  return (
    <div className="text-center py-5">
      <h1 className="h3">
        <FormattedMessage id="deleted.title" />
      </h1>
      <p>
        <FormattedMessage id="deleted.text" values={{ days: 14 }} />
      </p>
      <Link to="/" className="btn btn-outline-dark">
        <FormattedMessage id="error.home" />
      </Link>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'deleted.title')]
}
