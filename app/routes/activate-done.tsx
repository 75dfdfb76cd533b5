import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/activate-done'

export default function ActivateDone() {
  const root = useRootData()
  return (
    <div className="text-center py-5">
      <i className="bi bi-check-circle text-success display-4" aria-hidden="true" />
      <h1 className="h3 mt-3">
        <FormattedMessage id="activate.doneTitle" />
      </h1>
      <p>
        <FormattedMessage id="activate.doneText" />
      </p>
      <Link to={root.viewer ? '/members' : '/login'} className="btn btn-primary">
        <FormattedMessage id={root.viewer ? 'nav.search' : 'nav.login'} />
      </Link>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'activate.doneTitle')]
}
