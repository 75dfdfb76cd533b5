import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { ResultPanel } from '#app/ui/result-panel'
import type { Route } from './+types/activate-done'

export default function ActivateDone() {
  const root = useRootData()
  return (
    <ResultPanel
      tone="success"
      title={<FormattedMessage id="activate.doneTitle" />}
      action={
        <Link to={root.viewer ? '/members' : '/login'} className="btn btn-primary">
          <FormattedMessage id={root.viewer ? 'nav.search' : 'nav.login'} />
        </Link>
      }
    >
      <p>
        <FormattedMessage id="activate.doneText" />
      </p>
    </ResultPanel>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'activate.doneTitle')]
}
